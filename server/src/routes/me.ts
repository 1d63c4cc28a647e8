import { meSchema } from '@shared/profile';
import { noStore } from '../http/no-store';
import { actorOf, signedInFirst, type RequireUser } from '../auth/require-user';
import type { ApiServer } from '../http/route-schemas';
import type { ProfilesService } from '../profiles/profiles-service';

/** `GET /api/me`: the signed-in person's account, profile and role. */
export function registerMeRoutes(
  app: ApiServer,
  deps: { profiles: ProfilesService; requireUser: RequireUser },
): void {
  app.get(
    '/api/me',
    {
      schema: { response: { 200: meSchema } },
      onRequest: [noStore, signedInFirst(deps.requireUser)],
    },
    async (request, reply) => reply.send(await deps.profiles.me(actorOf(request))),
  );
}
