import { networkFiguresSchema, todayFiguresSchema } from '@shared/figures';
import { actorOf, signedInFirst, type RequireUser } from '../auth/require-user';
import type { FiguresService } from '../figures/figures-service';
import { noStore } from '../http/no-store';
import type { ApiServer } from '../http/route-schemas';

export interface FiguresDeps {
  figures: FiguresService;
  requireUser: RequireUser;
}

/** The staff's figures: the clinic's day for managers, the network's for admins. */
export function registerFiguresRoutes(app: ApiServer, deps: FiguresDeps): void {
  const onRequest = [noStore, signedInFirst(deps.requireUser)];
  app.get(
    '/api/figures/today',
    { schema: { response: { 200: todayFiguresSchema } }, onRequest },
    async (request, reply) => reply.send(await deps.figures.today(actorOf(request))),
  );
  app.get(
    '/api/figures/network',
    { schema: { response: { 200: networkFiguresSchema } }, onRequest },
    async (request, reply) => reply.send(await deps.figures.network(actorOf(request))),
  );
}
