import { createConfirmedAccount, passwordHashOf } from '../../../server/src/auth/better-auth';
import { expect } from 'vitest';
import type { Role } from '../../../shared/role';
import { profilesRepository } from '../../../server/src/profiles/profiles-repository';
import { Client } from '../auth/client';
import type { TestServer } from '../support/test-server';

export const password = 'messaging-pass-2026';

export interface Person {
  id: string;
  email: string;
  role: Role;
  client: Client;
}

let counter = 0;

/**
 * A confirmed account with a role, created the way operators and demo seeding do it
 * (sign-up itself is tested elsewhere), then signed in through the API like a browser.
 */
export async function person(
  server: TestServer,
  role: Role,
  names: { first: string; last?: string },
): Promise<Person> {
  counter += 1;
  const email = `${role}-${counter}-${Date.now().toString(36)}@example.com`;
  const user = await createConfirmedAccount(server.auth, {
    email,
    name: names.first,
    passwordHash: await passwordHashOf(server.auth, password),
  });
  const profiles = profilesRepository(server.database.db);
  await profiles.upsertNames(user.id, { first_name: names.first, last_name: names.last ?? null });
  await profiles.setRole(user.id, role);
  const client = new Client(server.url);
  const signIn = await client.post('/api/auth/sign-in/email', { email, password });
  expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
  return { id: user.id, email, role, client };
}

/** One text event of a Server-Sent Events stream. */
export interface StreamEvent {
  event: string;
  data: string;
}

/** Reads a Server-Sent Events stream as a browser's EventSource would, event by event. */
export async function openStream(url: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { cookie }, signal: controller.signal });
  const events: StreamEvent[] = [];
  const waiters: (() => void)[] = [];
  let comments = 0;
  const pump = async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments += 1;
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0) events.push({ event, data: data.join('\n') });
          waiters.splice(0).forEach((wake) => wake());
        }
      }
    } catch {
      // aborted
    }
  };
  const ended = pump();
  return {
    status: response.status,
    headers: response.headers,
    contentType: response.headers.get('content-type'),
    events,
    get comments() {
      return comments;
    },
    /** The first event (from `from` on) that `match` accepts, waiting up to `timeoutMs`. */
    async next(
      match: (event: StreamEvent) => boolean,
      timeoutMs = 5_000,
      from = 0,
    ): Promise<StreamEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.slice(from).find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No matching event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    /** Settles when the stream has ended, whoever ended it. */
    ended,
    /** Whether the stream ends within `timeoutMs`. */
    endsWithin(timeoutMs: number): Promise<boolean> {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      return Promise.race([ended.then(() => true), late]).finally(() => clearTimeout(timer));
    },
    close: () => controller.abort(),
  };
}

export type Stream = Awaited<ReturnType<typeof openStream>>;
