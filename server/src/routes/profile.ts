import { onboardingSchema } from '@shared/onboarding';
import { profileSchema } from '@shared/profile';
import { noStore } from '../http/no-store';
import { callerOf, signedInFirst, type RequireUser } from '../auth/require-user';
import type { ApiServer } from '../http/route-schemas';
import type { ProfilesRepository } from '../profiles/profiles-repository';
import { agentOf, type AuditTrail } from '../audit/audit-trail';

/**
 * `PUT /api/profile`: the caller's own profile from the onboarding form. The body is
 * checked with the form's own schema, refusals in its words; it carries no role, and any
 * `role` sent is dropped with the other unknown keys, so nobody chooses or changes their
 * role here.
 */
export function registerProfileRoutes(
  app: ApiServer,
  deps: { profiles: ProfilesRepository; requireUser: RequireUser; trail: AuditTrail },
): void {
  app.put(
    '/api/profile',
    {
      schema: { body: onboardingSchema, response: { 200: profileSchema } },
      onRequest: [noStore, signedInFirst(deps.requireUser)],
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const profile = await deps.trail.change(
        () => deps.profiles.saveOwn(caller.id, request.body),
        () => ({
          type: 'profile-changed',
          agent: agentOf(caller, request.ip),
          entity: { type: 'profile', id: caller.id, subjectId: caller.id },
          // Which answers were given, not what they are: the trail is no second copy of them.
          detail: { fields: Object.keys(request.body).sort() },
        }),
      );
      return reply.send(profile);
    },
  );
}
