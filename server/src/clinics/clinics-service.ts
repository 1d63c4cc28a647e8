import {
  clinicsMessages,
  type Clinic,
  type ClinicChange,
  type ClinicStaff,
  type ClinicsOverview,
  type NewClinic,
} from '@shared/clinics';
import type { Actor } from '../auth/actor';
import { agentOf, type AuditTrail } from '../audit/audit-trail';
import { AppError } from '../http/app-error';
import type { ClinicsRepository } from './clinics-repository';

export interface ClinicsServiceDeps {
  clinics: ClinicsRepository;
  trail: AuditTrail;
}

function requireSuperadmin(actor: Actor): void {
  if (actor.onBehalfOf !== null || actor.caller.role !== 'superadmin') {
    throw new AppError('forbidden', 'Only the superadmin manages clinics.');
  }
}

const noSuchClinic = () => new AppError('not_found', 'No such clinic.');
const orgUnitTaken = () => new AppError('conflict', clinicsMessages.orgUnitTaken);

/**
 * The superadmin's list of clinics: add one, rename it, set the DHIS2 organisation unit it
 * reports as, and put a doctor or manager in it. Each change is in the audit trail.
 */
export function clinicsService(deps: ClinicsServiceDeps) {
  const { clinics, trail } = deps;
  return {
    async overview(actor: Actor): Promise<ClinicsOverview> {
      requireSuperadmin(actor);
      const [list, staff] = await Promise.all([clinics.list(), clinics.staff()]);
      return { clinics: list, staff };
    },

    async add(actor: Actor, clinic: NewClinic): Promise<Clinic> {
      requireSuperadmin(actor);
      const added = await trail.change(
        () => clinics.add(clinic),
        (made) =>
          made && {
            type: 'clinic-added',
            agent: agentOf(actor),
            entity: { type: 'clinic', id: made.id },
            detail: { name: made.name, orgUnitCode: made.orgUnitCode },
          },
      );
      if (added === null) throw orgUnitTaken();
      return added;
    },

    async change(actor: Actor, clinicId: string, change: ClinicChange): Promise<Clinic> {
      requireSuperadmin(actor);
      const changed = await trail.change(
        () => clinics.change(clinicId, change),
        (made) =>
          made && {
            type: 'clinic-changed',
            agent: agentOf(actor),
            entity: { type: 'clinic', id: made.id },
            detail: { ...change },
          },
      );
      if (changed !== null) return changed;
      throw (await clinics.find(clinicId)) === null ? noSuchClinic() : orgUnitTaken();
    },

    async assign(actor: Actor, userId: string, clinicId: string | null): Promise<ClinicStaff> {
      requireSuperadmin(actor);
      if (clinicId !== null && (await clinics.find(clinicId)) === null) throw noSuchClinic();
      const assigned = await trail.change(
        () => clinics.assign(userId, clinicId),
        (person) =>
          person && {
            type: 'clinic-staff-changed',
            agent: agentOf(actor),
            entity: { type: 'account', id: person.id },
            detail: { clinicId },
          },
      );
      if (assigned === null) throw new AppError('not_found', clinicsMessages.onlyStaff);
      return assigned;
    },
  };
}

export type ClinicsService = ReturnType<typeof clinicsService>;
