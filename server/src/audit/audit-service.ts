import type { AuditPage, AuditQuery } from '@shared/audit';
import type { Actor } from '../auth/actor';
import { AppError } from '../http/app-error';
import { mayReadAudit } from './audit-access';
import type { AuditRepository } from './audit-repository';
import { agentOf, type AuditTrail } from './audit-trail';

/** The audit trail as the super administrator reads it. Nothing changes or deletes an entry. */
export function auditService(deps: { audit: AuditRepository; trail: AuditTrail }) {
  return {
    /** A page of entries, newest first; the read itself is recorded before it is answered. */
    async read(actor: Actor, query: AuditQuery): Promise<AuditPage> {
      if (!mayReadAudit(actor)) {
        throw new AppError('forbidden', 'Only the super administrator reads the audit trail.');
      }
      const { user, record, since, before, limit } = query;
      // Who read the trail, and what they asked it, is part of it.
      await deps.trail.note({
        type: 'audit-read',
        agent: agentOf(actor),
        entity: { type: 'audit-trail', id: null },
        detail: { user, record, since, before, limit },
      });
      return deps.audit.page({
        email: user,
        record,
        since: since === undefined ? undefined : new Date(since),
        before,
        limit,
      });
    },
  };
}

export type AuditService = ReturnType<typeof auditService>;
