import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedAccount, passwordHashOf } from '../../../server/src/auth/better-auth';
import { profilesRepository } from '../../../server/src/profiles/profiles-repository';
import type { Role } from '@shared/role';
import { Client } from '../auth/client';
import {
  password,
  startAuthWorld,
  startSecondInstance,
  uniqueEmail,
  type AuthWorld,
  type SecondInstance,
} from '../auth/fixture';
import { openStream } from '../messaging/fixture';
import { databaseVariants } from '../support/test-server';

describe.each(databaseVariants)('deactivation across servers on the $name database', (variant) => {
  let world: AuthWorld;
  let second: SecondInstance;
  let clinicId: string;

  /** A confirmed account of the role in the clinic, signed in on the given server. */
  async function staff(role: Role, url: string) {
    const email = uniqueEmail(role);
    const { server } = world;
    const user = await createConfirmedAccount(server.auth, {
      email,
      name: role,
      passwordHash: await passwordHashOf(server.auth, password),
    });
    await profilesRepository(server.database.db).setRole(user.id, role);
    await sql`update profiles set clinic_id = ${clinicId} where id = ${user.id}`.execute(
      server.database.db,
    );
    const client = new Client(url);
    const signIn = await client.post('/api/auth/sign-in/email', { email, password });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    return { id: user.id, email, client };
  }

  beforeAll(async () => {
    world = await startAuthWorld(variant);
    second = await startSecondInstance(world, variant);
    clinicId = randomUUID();
    await sql`insert into clinics (id, name, org_unit_code)
      values (${clinicId}, 'Dhulikhel Clinic', 'OU-DHK')`.execute(world.server.database.db);
  });
  afterAll(async () => {
    await second.close();
    await world.close();
  });

  it("ends a doctor's open screen on the other server within seconds, and her sign-in there", async () => {
    const admin = await staff('admin', world.server.url);
    const doctor = await staff('doctor', second.url);
    const stream = await openStream(
      `${second.url}/api/messaging/events`,
      doctor.client.cookieHeader(),
    );
    expect(stream.status).toBe(200);

    const off = await admin.client.post(`/api/people/${doctor.id}/deactivate`);
    expect(off.status).toBe(200);
    expect(await stream.endsWithin(5_000)).toBe(true);
    expect((await doctor.client.get('/api/me')).status).toBe(401);
    const again = await new Client(second.url).post('/api/auth/sign-in/email', {
      email: doctor.email,
      password,
    });
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ error: { code: 'account_deactivated' } });
  });
});
