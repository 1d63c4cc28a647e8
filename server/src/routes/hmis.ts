import {
  hmisReportSchema,
  periodMessage,
  reportQuerySchema,
  sendReportSchema,
  sendResultSchema,
} from '@shared/hmis';
import { actorOf, signedInFirst, type RequireUser } from '../auth/require-user';
import type { HmisService } from '../hmis/hmis-service';
import { noStore } from '../http/no-store';
import type { ApiServer } from '../http/route-schemas';

/** A period that is not a BS month is told what one looks like. */
const badPeriod = {
  querystring: { code: 'validation_failed', message: periodMessage },
} as const;

/** Nepal's HMIS monthly report: previewed by the superadmin and managers, sent by the superadmin. */
export function registerHmisRoutes(
  app: ApiServer,
  deps: { hmis: HmisService; requireUser: RequireUser },
): void {
  const onRequest = [noStore, signedInFirst(deps.requireUser)];

  app.get(
    '/api/hmis/report',
    {
      schema: { querystring: reportQuerySchema, response: { 200: hmisReportSchema } },
      config: { inputRefusals: badPeriod },
      onRequest,
    },
    async (request, reply) =>
      reply.send(await deps.hmis.report(actorOf(request), request.query.period)),
  );

  app.post(
    '/api/hmis/report/send',
    { schema: { body: sendReportSchema, response: { 200: sendResultSchema } }, onRequest },
    async (request, reply) => reply.send(await deps.hmis.send(actorOf(request), request.body)),
  );
}
