import {
  auditExportLimit,
  recordReadsDays,
  type AuditEntry,
  type AuditExportQuery,
  type AuditPage,
  type AuditQuery,
  type PausedAccounts,
  type RecordRead,
  type RecordReads,
} from '@shared/audit';
import { clinicDayEnd, clinicDayStart } from '@shared/clinic-time';
import { roleSchema } from '@shared/role';
import type { Actor } from '../auth/actor';
import { AppError } from '../http/app-error';
import { displayName } from '../profiles/person-name';
import { mayReadAudit } from './audit-access';
import type { AuditFilter, AuditRepository, RecordReadRow } from './audit-repository';
import { auditCsv } from './audit-csv';
import { agentOf, type AuditTrail } from './audit-trail';

/** The accounts whose password sign-in is paused now (see rate-limit/auth-call-limits.ts). */
export type PausedSignIns = () => Promise<{ email: string; failures: number; until: Date }[]>;

const dayMs = 24 * 60 * 60 * 1000;

function refuseUnlessAuditor(actor: Actor): void {
  if (!mayReadAudit(actor)) {
    throw new AppError('forbidden', 'Only the super administrator reads the audit trail.');
  }
}

/** The repository's filter for what the super administrator asked. */
function filterOf(query: AuditExportQuery): AuditFilter {
  const since = [
    query.since === undefined ? undefined : Date.parse(query.since),
    query.from === undefined ? undefined : clinicDayStart(query.from).getTime(),
  ].filter((time) => time !== undefined);
  return {
    email: query.user,
    agentEmail: query.agent,
    subjectEmail: query.patient,
    record: query.record,
    type: query.type,
    outcome: query.outcome,
    since: since.length === 0 ? undefined : new Date(Math.max(...since)),
    until: query.to === undefined ? undefined : clinicDayEnd(query.to),
  };
}

/** One person's reads of one kind on one day, as the patient is shown them. */
function recordReadOf(row: RecordReadRow): RecordRead {
  const role = row.for_patient ? 'caregiver' : roleSchema.safeParse(row.role).data;
  return {
    reader: {
      name: displayName(row.first_name, row.last_name, row.email, role ?? ''),
      role: role ?? 'patient',
    },
    type: row.type,
    day: row.day,
    last: new Date(row.last).toISOString(),
    times: row.times,
  };
}

/**
 * The audit trail as the super administrator reads it, and as a patient reads who saw their
 * record. Nothing changes or deletes an entry.
 */
export function auditService(deps: {
  audit: AuditRepository;
  trail: AuditTrail;
  pausedSignIns: PausedSignIns;
}) {
  /**
   * Refuses anyone but the auditor, then records their read of the trail: who read it, and what
   * they asked it, is part of it, recorded before it is answered.
   */
  async function noteTrailRead(
    actor: Actor,
    type: 'audit-read' | 'audit-exported',
    query: AuditExportQuery,
  ): Promise<void> {
    refuseUnlessAuditor(actor);
    await deps.trail.note({
      type,
      agent: agentOf(actor),
      entity: { type: 'audit-trail', id: null },
      detail: { ...query },
    });
  }

  return {
    /** A page of entries, newest first; the read itself is recorded before it is answered. */
    async read(actor: Actor, query: AuditQuery): Promise<AuditPage> {
      await noteTrailRead(actor, 'audit-read', query);
      return deps.audit.page({ ...filterOf(query), before: query.before, limit: query.limit });
    },

    /**
     * What a page with these filters shows, as CSV, up to `auditExportLimit` entries, newest
     * first. The export is recorded before it is answered, with its filters.
     */
    async exportCsv(actor: Actor, query: AuditExportQuery): Promise<string> {
      await noteTrailRead(actor, 'audit-exported', query);
      const entries: AuditEntry[] = await deps.audit.newest(filterOf(query), auditExportLimit);
      return auditCsv(entries);
    },

    /** The accounts whose password sign-in is paused now for too many failed sign-ins. */
    async pausedAccounts(actor: Actor): Promise<PausedAccounts> {
      refuseUnlessAuditor(actor);
      const accounts = await deps.pausedSignIns();
      return {
        accounts: accounts.map(({ email, failures, until }) => ({
          email,
          failures,
          until: until.toISOString(),
        })),
      };
    },

    /**
     * Who read the caller's own record in the last `recordReadsDays` days: staff and the
     * caregivers the caller granted, never whose else's record they read.
     */
    async readsOfOwnRecord(actor: Actor): Promise<RecordReads> {
      const since = new Date(Date.now() - recordReadsDays * dayMs);
      const rows = await deps.audit.readsOf(actor.caller.id, since);
      return { reads: rows.map(recordReadOf) };
    },
  };
}

export type AuditService = ReturnType<typeof auditService>;
