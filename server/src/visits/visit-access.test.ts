import { describe, expect, it } from 'vitest';
import { roles } from '@shared/role';
import { visitStatuses } from '@shared/visits';
import {
  mayCancel,
  mayEnd,
  mayFollowVisits,
  mayJoinWaitingRoom,
  maySeeQueue,
  mayStart,
  mayTakePart,
  mayWriteSummary,
  type VisitParties,
} from './visit-access';

const patient = 'patient-id';
const doctor = 'doctor-id';
const stranger = 'stranger-id';

const started: VisitParties = { patientId: patient, doctorId: doctor };
const queued: VisitParties = { patientId: patient, doctorId: null };

describe('who takes part in a visit', () => {
  it.each(roles)('lets a %s who is its patient or its doctor in, whatever the role', (role) => {
    for (const id of [patient, doctor]) {
      expect(mayTakePart({ id, role }, started)).toBe(true);
    }
  });

  it.each(roles)('keeps a %s who takes no part out', (role) => {
    expect(mayTakePart({ id: stranger, role }, started)).toBe(false);
    expect(mayTakePart({ id: stranger, role }, queued)).toBe(false);
  });

  it('does not make a doctor a party of a queued visit nobody has started', () => {
    expect(mayTakePart({ id: doctor, role: 'doctor' }, queued)).toBe(false);
  });
});

describe('who may act on visits', () => {
  it('gives only patients the waiting room and only doctors the queue and Start', () => {
    const as = (rule: (who: { id: string; role: (typeof roles)[number] }) => boolean) =>
      roles.filter((role) => rule({ id: 'x', role }));
    expect(as(mayJoinWaitingRoom)).toEqual(['patient']);
    expect(as(maySeeQueue)).toEqual(['doctor']);
    expect(as(mayStart)).toEqual(['doctor']);
    expect(as(mayFollowVisits)).toEqual(['patient', 'doctor']);
  });

  it('lets the patient cancel while queued or waiting, and the doctor only while waiting', () => {
    for (const status of visitStatuses) {
      const visit = { ...started, status };
      expect(mayCancel({ id: patient, role: 'patient' }, visit)).toBe(
        status === 'queued' || status === 'waiting',
      );
      expect(mayCancel({ id: doctor, role: 'doctor' }, visit)).toBe(status === 'waiting');
      expect(mayCancel({ id: stranger, role: 'doctor' }, visit)).toBe(false);
    }
  });

  it('lets only the assigned doctor end a visit and write its summary', () => {
    expect(mayEnd({ id: doctor, role: 'doctor' }, started)).toBe(true);
    expect(mayWriteSummary({ id: doctor, role: 'doctor' }, started)).toBe(true);
    for (const id of [patient, stranger]) {
      expect(mayEnd({ id, role: 'doctor' }, started)).toBe(false);
      expect(mayWriteSummary({ id, role: 'doctor' }, started)).toBe(false);
    }
    expect(mayEnd({ id: doctor, role: 'doctor' }, queued)).toBe(false);
  });

  it("keeps one standing in for a patient on the patient's side, whatever id the visit holds", () => {
    // A stand-in carries the patient's id: were that id the visit's doctor, still no doctor.
    const standIn = { id: doctor, role: 'patient' as const, standsIn: true as const };
    expect(mayEnd(standIn, started)).toBe(false);
    expect(mayWriteSummary(standIn, started)).toBe(false);
    expect(mayTakePart(standIn, started)).toBe(false);
    expect(mayTakePart({ ...standIn, id: patient }, started)).toBe(true);
    expect(mayCancel({ ...standIn, id: patient }, { ...started, status: 'waiting' })).toBe(true);
  });
});
