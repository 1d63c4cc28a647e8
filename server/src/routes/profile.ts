import { onboardingSchema } from '@shared/onboarding';
import { linkedClinicsSchema, profileSchema } from '@shared/profile';
import { noStore } from '../http/no-store';
import { actorOf, signedInFirst, type RequireUser } from '../auth/require-user';
import type { ApiServer } from '../http/route-schemas';
import type { ProfilesService } from '../profiles/profiles-service';

/**
 * `PUT /api/profile`: the caller's own profile from the onboarding form. The body is
 * checked with the form's own schema, refusals in its words; it carries no role, and any
 * `role` sent is dropped with the other unknown keys, so nobody chooses or changes their
 * role here.
 */
export function registerProfileRoutes(
  app: ApiServer,
  deps: { profiles: ProfilesService; requireUser: RequireUser },
): void {
  app.put(
    '/api/profile',
    {
      schema: { body: onboardingSchema, response: { 200: profileSchema } },
      onRequest: [noStore, signedInFirst(deps.requireUser)],
    },
    async (request, reply) =>
      reply.send(await deps.profiles.saveOwn(actorOf(request), request.body)),
  );

  /** The clinics that care for the caller, for Profile → Linked clinics. */
  app.get(
    '/api/profile/clinics',
    {
      schema: { response: { 200: linkedClinicsSchema } },
      onRequest: [noStore, signedInFirst(deps.requireUser)],
    },
    async (request, reply) => reply.send(await deps.profiles.linkedClinics(actorOf(request))),
  );
}
