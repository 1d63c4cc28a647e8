import type { FastifyInstance } from 'fastify';
import { onboardingSchema } from '@shared/onboarding';
import type { Profile } from '@shared/profile';
import { AppError } from '../http/app-error';
import type { RequireUser } from '../auth/require-user';
import type { ProfilesRepository } from '../profiles/profiles-repository';

/**
 * `PUT /api/profile`: the caller's own profile from the onboarding form. The body is
 * checked with the form's own schema; it carries no role, and any `role` sent is
 * dropped with the other unknown keys, so nobody chooses or changes their role here.
 */
export function registerProfileRoutes(
  app: FastifyInstance,
  deps: { profiles: ProfilesRepository; requireUser: RequireUser },
): void {
  app.put('/api/profile', async (request, reply) => {
    const { id } = await deps.requireUser(request);
    const parsed = onboardingSchema.safeParse(request.body);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      throw new AppError('validation_failed', issue?.message ?? 'Invalid profile');
    }
    const profile: Profile = await deps.profiles.saveOwn(id, parsed.data);
    return reply.header('Cache-Control', 'no-store').send(profile);
  });
}
