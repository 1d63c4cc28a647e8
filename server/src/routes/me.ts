import type { FastifyInstance } from 'fastify';
import type { Me } from '@shared/profile';
import type { UsersRepository } from '../auth/users-repository';
import type { RequireUser } from '../auth/require-user';
import type { ProfilesRepository } from '../profiles/profiles-repository';

export function registerMeRoutes(
  app: FastifyInstance,
  deps: { users: UsersRepository; profiles: ProfilesRepository; requireUser: RequireUser },
): void {
  app.get('/api/me', async (request, reply) => {
    const { id } = await deps.requireUser(request);
    const user = await deps.users.get(id);
    const profile = await deps.profiles.find(id);
    const body: Me = {
      user,
      profile,
      role: profile?.role ?? 'patient',
    };
    return reply.header('Cache-Control', 'no-store').send(body);
  });
}
