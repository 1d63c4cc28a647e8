import { describe, expect, it } from 'vitest';
import type { Role } from '@shared/role';
import type { SignalEvent } from '@shared/visits';
import type { VisitsRepository } from '../visits/visits-repository';
import { inProcessNotifications } from './in-process-notifications';
import { visitHub, type VisitSubscriber } from './visit-hub';

const signal: SignalEvent & { toUserId: string } = {
  id: '7',
  visitId: 'visit-1',
  fromUserId: 'patient-1',
  toUserId: 'doctor-1',
  signal: { kind: 'hello', session: '6f1c1e8e-3f55-4a55-9a3c-2f4f3f2a1b7c' },
};

/** The stored signals, counting the reads. */
function storedSignals() {
  const reads: string[] = [];
  const visits = {
    signal: (id: string) => {
      reads.push(id);
      return Promise.resolve(id === signal.id ? signal : null);
    },
  } as unknown as VisitsRepository;
  return { visits, reads };
}

function listener(id: string, role: Role) {
  const received: { name: string; json: string }[] = [];
  const subscriber: VisitSubscriber = {
    caller: { id, role },
    event: (name, json) => received.push({ name, json }),
    gap: () => undefined,
  };
  return { id, subscriber, received };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('who is told about a visit', () => {
  const everyone = () => [
    listener('patient-1', 'patient'),
    listener('patient-2', 'patient'),
    listener('doctor-1', 'doctor'),
    listener('doctor-2', 'doctor'),
    listener('manager-1', 'manager'),
  ];

  async function announced(announcement: Parameters<ReturnType<typeof visitHub>['announce']>[0]) {
    const { visits, reads } = storedSignals();
    const hub = visitHub(inProcessNotifications(), visits);
    const listeners = everyone();
    for (const each of listeners) await hub.subscribe(each.subscriber);
    await hub.announce(announcement);
    await settle();
    await hub.close();
    const told = listeners.filter((each) => each.received.length > 0);
    return { told, reads };
  }

  it('tells the patient and the doctor of a change of their visit', async () => {
    const { told } = await announced({
      kind: 'visit',
      id: 'visit-1',
      status: 'waiting',
      patientId: 'patient-1',
      doctorId: 'doctor-1',
    });
    expect(told.map((each) => each.id)).toEqual(['patient-1', 'doctor-1']);
    expect(told[0]?.received).toEqual([
      { name: 'visit', json: '{"id":"visit-1","status":"waiting"}' },
    ]);
  });

  it('tells every doctor, and only doctors, of the queue, with one JSON for all', async () => {
    const { told } = await announced({ kind: 'queue', id: 'visit-1', change: 'added' });
    expect(told.map((each) => each.id)).toEqual(['doctor-1', 'doctor-2']);
    const [first, second] = told.map((each) => each.received[0]?.json);
    expect(first).toBe('{"id":"visit-1","change":"added"}');
    expect(second).toBe(first);
  });

  it("tells only its appointment's doctor of a scheduled visit in the queue", async () => {
    const { told } = await announced({
      kind: 'queue',
      id: 'visit-1',
      change: 'added',
      doctorId: 'doctor-2',
    });
    expect(told.map((each) => each.id)).toEqual(['doctor-2']);
    expect(told[0]?.received).toEqual([
      { name: 'queue', json: '{"id":"visit-1","change":"added"}' },
    ]);
  });

  it('tells a doctor, and only them, that their appointments changed', async () => {
    const { told } = await announced({ kind: 'appointments', doctorId: 'doctor-1' });
    expect(told.map((each) => each.id)).toEqual(['doctor-1']);
    expect(told[0]?.received).toEqual([{ name: 'appointments', json: '{"doctorId":"doctor-1"}' }]);
  });

  it('hands a signal to its recipient only, read once', async () => {
    const { told, reads } = await announced({
      kind: 'signal',
      id: signal.id,
      visitId: signal.visitId,
      toUserId: signal.toUserId,
    });
    expect(told.map((each) => each.id)).toEqual(['doctor-1']);
    expect(JSON.parse(told[0]?.received[0]?.json ?? '')).toEqual({
      id: '7',
      visitId: 'visit-1',
      fromUserId: 'patient-1',
      signal: signal.signal,
    });
    expect(reads).toEqual(['7']);
  });

  it('reads nothing for a signal whose recipient is not subscribed here', async () => {
    const { told, reads } = await announced({
      kind: 'signal',
      id: signal.id,
      visitId: signal.visitId,
      toUserId: 'doctor-9',
    });
    expect(told).toEqual([]);
    expect(reads).toEqual([]);
  });
});
