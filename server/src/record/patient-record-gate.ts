import { noSuchPatientMessage } from '@shared/patient-record';
import type { PatientAccess, PatientAction } from '../access/patient-access';
import type { Actor } from '../auth/actor';
import { AppError } from '../http/app-error';

/** Missing and forbidden answer alike, so a refusal tells nothing about who is a patient. */
const noSuchPatient = () => new AppError('not_found', noSuchPatientMessage);

/** A route's refusal of a malformed patient or record id in its path: one more that does not exist. */
export const unknownPatientRefusal = {
  params: { code: 'not_found', message: noSuchPatientMessage },
} as const;

/**
 * The one way into a patient's record for the record's services: the path's id must be a
 * patient's, and the access policy must let the actor take the action on it; anything else
 * meets a patient that does not exist. The policy answers both in one statement.
 */
export function patientRecordGate(deps: { access: Pick<PatientAccess, 'canOnPatientRecord'> }) {
  return async (actor: Actor, action: PatientAction, patientId: string): Promise<void> => {
    if (!(await deps.access.canOnPatientRecord(actor, action, patientId))) throw noSuchPatient();
  };
}
