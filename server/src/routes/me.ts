import type { FastifyInstance } from 'fastify';
import type { Me } from '@shared/profile';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { RequireUser } from '../auth/require-user';
import type { ProfilesRepository } from '../profiles/profiles-repository';

export function registerMeRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; profiles: ProfilesRepository; requireUser: RequireUser },
): void {
  app.get('/api/me', async (request, reply) => {
    const { id } = await deps.requireUser(request);
    const user = await deps.db
      .selectFrom('user')
      .select(['id', 'email', 'emailVerified', 'twoFactorEnabled'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const profile = await deps.profiles.find(id);
    const body: Me = {
      user: {
        id: user.id,
        email: user.email,
        emailVerified: user.emailVerified,
        twoFactorEnabled: user.twoFactorEnabled === true,
      },
      profile,
      role: profile?.role ?? 'patient',
    };
    return reply.header('Cache-Control', 'no-store').send(body);
  });
}
