import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/src/config';
import { demoPassword } from '../../../server/src/auth/demo-users';
import { openDatabase } from '../../../server/src/db/database';
import { runKillRestart, type WriteStep } from './kill-restart';

/** The client's own id for a key's message, the same on every attempt. */
function messageId(key: string): string {
  const index = Number(key.slice(key.lastIndexOf('-') + 1));
  return `00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
}

const contentOf = (key: string) => `Message ${key}: my fever is down today.`;

/**
 * A patient's messages to the care team as the write: the patient signs in and opens
 * the care-team conversation once, then sends one message per key with the id its
 * outbox chose, and sends it again with that id when no answer came.
 */
function careTeamMessages(): WriteStep {
  const session = { cookie: '', conversationId: '' };
  const headers = (url: string) => ({ origin: url, cookie: session.cookie });
  return {
    name: 'message',
    async setup(url) {
      const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ email: 'patient@example.com', password: demoPassword }),
      });
      if (!signIn.ok) throw new Error(`the patient could not sign in: ${signIn.status}`);
      session.cookie = signIn.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      const careTeam = await fetch(`${url}/api/messaging/care-team`, {
        method: 'POST',
        headers: headers(url),
      });
      const { conversation } = (await careTeam.json()) as { conversation: { id: string } | null };
      if (careTeam.status !== 201 || !conversation) {
        throw new Error(`no care-team conversation: ${careTeam.status}`);
      }
      session.conversationId = conversation.id;
    },
    async send(url, key) {
      const response = await fetch(
        `${url}/api/messaging/conversations/${session.conversationId}/messages`,
        {
          method: 'POST',
          headers: { ...headers(url), 'content-type': 'application/json' },
          body: JSON.stringify({ id: messageId(key), content: contentOf(key) }),
        },
      );
      const body = (await response.json()) as { id?: string };
      // A retry of a message stored before the kill answers 200 with that same message.
      return response.ok && body.id === messageId(key);
    },
    async stored(env, keys) {
      const config = loadConfig({ ...env, NODE_ENV: 'test' });
      const database = await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
      });
      try {
        const rows = await database.db
          .selectFrom('messages')
          .select(['id', 'content', 'conversation_id'])
          .execute();
        // Counted by content as well as by id: a copy under another id is a duplicate too.
        const counts = new Map(keys.map((key) => [key, 0]));
        for (const key of keys) {
          const copies = rows.filter(
            (row) => row.id === messageId(key) || row.content === contentOf(key),
          );
          const inTheConversation = copies.every(
            (row) =>
              row.id === messageId(key) &&
              row.content === contentOf(key) &&
              row.conversation_id === session.conversationId,
          );
          counts.set(key, inTheConversation ? copies.length : -copies.length);
        }
        if (rows.length !== keys.length) {
          throw new Error(`${rows.length} messages stored for ${keys.length} sent`);
        }
        return counts;
      } finally {
        await database.close();
      }
    },
  };
}

describe('the server killed with SIGKILL in the middle of a stream of messages', () => {
  it('keeps every acknowledged message exactly once, and retried messages are not doubled', async () => {
    const result = await runKillRestart(careTeamMessages(), {
      total: 60,
      killAfter: 15,
      clients: 8,
      resendAcknowledged: 4,
      env: { DEMO_USERS: 'true' },
    });

    expect(result.acknowledgedBeforeKill.length).toBeGreaterThanOrEqual(15);
    expect(result.retried.length, 'some messages were cut off by the kill').toBeGreaterThan(0);
    // Sent again with the same id after the restart: the stored message is the answer.
    expect([...result.resent.values()]).toEqual([true, true, true, true]);
    const wrong = result.keys.filter((key) => result.stored.get(key) !== 1);
    expect(
      wrong.map((key) => `${key}: ${result.stored.get(key)}`),
      'every message stored exactly once, as sent, in the care-team conversation',
    ).toEqual([]);
  }, 240_000);
});
