import { meSchema, type Me } from '@shared/profile';
import type { UsersRepository } from '../auth/users-repository';
import { noStore } from '../http/no-store';
import type { RequireUser } from '../auth/require-user';
import type { ApiServer } from '../http/route-schemas';
import type { ProfilesRepository } from '../profiles/profiles-repository';

export function registerMeRoutes(
  app: ApiServer,
  deps: { users: UsersRepository; profiles: ProfilesRepository; requireUser: RequireUser },
): void {
  const schema = { response: { 200: meSchema } };
  app.get('/api/me', { schema, onRequest: noStore }, async (request, reply) => {
    const { id } = await deps.requireUser(request);
    const user = await deps.users.get(id);
    const profile = await deps.profiles.find(id);
    const body: Me = {
      user,
      profile,
      role: profile?.role ?? 'patient',
    };
    return reply.send(body);
  });
}
