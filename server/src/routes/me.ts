import { meSchema, type Me } from '@shared/profile';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { noStore } from '../http/no-store';
import type { RequireUser } from '../http/require-user';
import type { ApiServer } from '../http/route-schemas';
import type { ProfilesRepository } from '../profiles/profiles-repository';

export function registerMeRoutes(
  app: ApiServer,
  deps: { db: Kysely<Database>; profiles: ProfilesRepository; requireUser: RequireUser },
): void {
  const schema = { response: { 200: meSchema } };
  app.get('/api/me', { schema, onRequest: noStore }, async (request, reply) => {
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
    return reply.send(body);
  });
}
