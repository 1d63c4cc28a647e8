import { auditPageSchema, auditQuerySchema } from '@shared/audit';
import type { AuditService } from '../audit/audit-service';
import { actorOf, signedInFirst, type RequireUser } from '../auth/require-user';
import { noStore } from '../http/no-store';
import type { ApiServer } from '../http/route-schemas';

/**
 * `GET /api/audit`: the audit trail, newest first, a page at a time, for the super
 * administrator. There is no route that changes or deletes an entry.
 */
export function registerAuditRoutes(
  app: ApiServer,
  deps: { audit: AuditService; requireUser: RequireUser },
): void {
  app.get(
    '/api/audit',
    {
      schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
      onRequest: [noStore, signedInFirst(deps.requireUser)],
    },
    async (request, reply) => reply.send(await deps.audit.read(actorOf(request), request.query)),
  );
}
