import { sql } from 'kysely';
import { expect } from 'vitest';
import type { NotificationOutcome } from '../../../shared/notifications';
import type { Person } from '../messaging/fixture';
import type { FakeGateway } from '../support/fake-sms-gateway';
import type { TestServer } from '../support/test-server';

/** Sparrow's settings pointing at a fake gateway of the test's own. */
export function sparrowSettings(gateway: FakeGateway): Record<string, string> {
  return {
    SMS_GATEWAY: 'sparrow',
    SMS_GATEWAY_URL: gateway.url,
    SMS_TOKEN: 'v2_test_token_of_the_fake_gateway',
    SMS_FROM: 'Sewa',
  };
}

/** Waits until `check` holds, asking every 100 ms, for at most `withinMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  withinMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The texts the gateway took for one number (ten digits). */
export function textsTo(gateway: FakeGateway, digits: string): string[] {
  return gateway.received
    .filter((got) => got.fields.to === digits)
    .map((got) => got.fields.text ?? '');
}

/**
 * Verifies a Nepali mobile number for a signed-in person the way the app does: a code texted
 * through the gateway, read there, and sent back.
 */
export async function verifyNumber(who: Person, gateway: FakeGateway, phone: string) {
  const digits = phone.slice(-10);
  const before = textsTo(gateway, digits).length;
  const sent = await who.client.post('/api/auth/phone-number/send-otp', { phoneNumber: phone });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const text = await eventually(() => Promise.resolve(textsTo(gateway, digits)[before]));
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  expect(code, text).toBeDefined();
  const verified = await who.client.post('/api/auth/phone-number/verify', {
    phoneNumber: phone,
    code,
    updatePhoneNumber: true,
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
}

export interface NotificationRow {
  kind: string;
  channel: string;
  status: NotificationOutcome;
  reason: string | null;
  attempts: number;
  due_at: Date;
}

/** Everything stored for one person, oldest first. */
export async function notificationsOf(
  server: TestServer,
  userId: string,
): Promise<NotificationRow[]> {
  const { rows } = await sql<NotificationRow>`select kind, channel, status, reason, attempts, due_at
    from notifications where user_id = ${userId} order by created_at, kind, channel`.execute(
    server.database.db,
  );
  return rows;
}

/** Waits for a kind on a channel to leave `pending`, and gives its row. */
export function settled(server: TestServer, userId: string, kind: string, channel: string) {
  return eventually(async () =>
    (await notificationsOf(server, userId)).find(
      (row) => row.kind === kind && row.channel === channel && row.status !== 'pending',
    ),
  );
}
