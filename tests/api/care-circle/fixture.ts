import { expect } from 'vitest';
import type { Dependent, PendingInvitation } from '@shared/care-circle';
import type { Client } from '../auth/client';
import { signUpAndConfirm, signedIn, uniqueEmail, type AuthWorld } from '../auth/fixture';
import { linksIn } from '../support/smtp';

export interface CirclePatient {
  id: string;
  email: string;
  client: Client;
}

/** A new confirmed patient named `first` Sharma, signed in. */
export async function circlePatient(
  world: AuthWorld,
  first = 'Sita',
  gender?: 'female' | 'male',
): Promise<CirclePatient> {
  const email = uniqueEmail(first.toLowerCase());
  await signUpAndConfirm(world, email);
  const client = await signedIn(world, email);
  const profile = await client.call('PUT', '/api/profile', {
    first_name: first,
    last_name: 'Sharma',
    ...(gender ? { gender } : {}),
    date_system: 'ad',
  });
  expect(profile.status).toBe(200);
  const me = await client.get<{ user: { id: string } }>('/api/me');
  return { id: me.body.user.id, email, client };
}

/**
 * Sends an invitation to `email` (`path` and `body` of the call) and reads the link's token
 * from the mail it was sent.
 */
export async function mailedInvitation(
  world: AuthWorld,
  from: Client,
  email: string,
  call: { path: string; body: Record<string, unknown> },
) {
  const seen = world.smtp.mailsTo(email).length;
  const answer = await from.post<PendingInvitation>(call.path, call.body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const mail = await world.smtp.nextMailTo(email, seen);
  const link = linksIn(mail.text).find((url) => url.includes('/care-invitation/'));
  expect(link).toBeDefined();
  return { invitation: answer.body, token: link!.split('/care-invitation/')[1]!, mail };
}

/** Adds a nine-year-old daughter to the guardian's circle, as "Add a family member" does. */
export async function addChild(guardian: Client, first = 'Maya'): Promise<Dependent> {
  const added = await guardian.post<Dependent>('/api/care-circle/dependents', {
    profile: { first_name: first, last_name: 'Sharma', age: '9', date_system: 'ad' },
    relationship: 'daughter',
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body;
}

/** Gives the dependent a login at `email`, and reads the link's token from the mail sent. */
export const inviteLogin = (
  world: AuthWorld,
  guardian: Client,
  dependentId: string,
  email: string,
) =>
  mailedInvitation(world, guardian, email.toLowerCase(), {
    path: `/api/care-circle/dependents/${dependentId}/login-invitation`,
    body: { email },
  });

/** Claims a login link with the password its owner chose. */
export const claimLogin = (world: AuthWorld, token: string, password: string) =>
  world.client().post(`/api/care-invitations/${token}/claim`, { password });
