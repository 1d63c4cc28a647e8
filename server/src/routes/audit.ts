import { auditPageSchema, auditQuerySchema } from '@shared/audit';
import { mayReadAudit } from '../audit/audit-access';
import type { AuditRepository } from '../audit/audit-repository';
import { agentOf } from '../audit/audit-trail';
import { callerOf, signedInFirst, type RequireUser } from '../auth/require-user';
import { AppError } from '../http/app-error';
import { noStore } from '../http/no-store';
import type { ApiServer } from '../http/route-schemas';

/**
 * `GET /api/audit`: the audit trail, newest first, a page at a time, for the super
 * administrator. There is no route that changes or deletes an entry.
 */
export function registerAuditRoutes(
  app: ApiServer,
  deps: { audit: AuditRepository; requireUser: RequireUser },
): void {
  app.get(
    '/api/audit',
    {
      schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
      onRequest: [noStore, signedInFirst(deps.requireUser)],
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (!mayReadAudit(caller)) {
        throw new AppError('forbidden', 'Only the super administrator reads the audit trail.');
      }
      const { user, record, since, before, limit } = request.query;
      // Who read the trail, and what they asked it, is part of it.
      await deps.audit.record({
        type: 'audit-read',
        agent: agentOf(caller, request.ip),
        entity: { type: 'audit-trail', id: null },
        detail: { user, record, since, before, limit },
      });
      return reply.send(
        await deps.audit.page({
          email: user,
          record,
          since: since === undefined ? undefined : new Date(since),
          before,
          limit,
        }),
      );
    },
  );
}
