import {
  auditExportQuerySchema,
  auditPageSchema,
  auditQuerySchema,
  pausedAccountsSchema,
  recordReadsSchema,
} from '@shared/audit';
import type { AuditService } from '../audit/audit-service';
import { actorOf, signedInFirst, type RequireUser } from '../auth/require-user';
import { noStore } from '../http/no-store';
import type { ApiServer } from '../http/route-schemas';

/**
 * The audit trail, newest first, a page at a time, for the super administrator: `GET
 * /api/audit`, the same filters as CSV (`/api/audit/export`), and the accounts whose sign-in is
 * paused. `GET /api/audit/my-record`: who read the caller's own record. There is no route that
 * changes or deletes an entry.
 */
export function registerAuditRoutes(
  app: ApiServer,
  deps: { audit: AuditService; requireUser: RequireUser },
): void {
  const signedIn = signedInFirst(deps.requireUser);
  app.get(
    '/api/audit',
    {
      schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
      onRequest: [noStore, signedIn],
    },
    async (request, reply) => reply.send(await deps.audit.read(actorOf(request), request.query)),
  );

  // The answer is CSV text (`audit-csv.ts`), which no JSON schema describes.
  app.get(
    '/api/audit/export',
    { schema: { querystring: auditExportQuerySchema }, onRequest: [noStore, signedIn] },
    async (request, reply) => {
      const csv = await deps.audit.exportCsv(actorOf(request), request.query);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="sewa-audit.csv"')
        .send(csv);
    },
  );

  app.get(
    '/api/audit/paused-accounts',
    { schema: { response: { 200: pausedAccountsSchema } }, onRequest: [noStore, signedIn] },
    async (request, reply) => reply.send(await deps.audit.pausedAccounts(actorOf(request))),
  );

  app.get(
    '/api/audit/my-record',
    { schema: { response: { 200: recordReadsSchema } }, onRequest: [noStore, signedIn] },
    async (request, reply) => reply.send(await deps.audit.readsOfOwnRecord(actorOf(request))),
  );
}
