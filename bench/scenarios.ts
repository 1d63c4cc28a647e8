import type autocannon from 'autocannon';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/src/db/schema';
import { rateLimiter } from '../server/src/rate-limit/rate-limiter';
import { authLimits } from '../server/src/rate-limit/auth-limits';

/** What the scenarios work with: one server on one database, and accounts made for the run. */
export interface BenchWorld {
  url: string;
  password: string;
  /** The bench user, signed in: its cookie, a JWT, and the raw session token. */
  user: { id: string; email: string; cookie: string; jwt: string; sessionToken: string };
  /** Accounts for the sign-in run; each signs in at most `signInsPerAccount` times. */
  signInEmails: string[];
}

/** Under the per-e-mail sign-in limit (10 in 10 minutes). */
export const signInsPerAccount = 9;

export interface Targets {
  p99Ms?: number;
  /** API requests per second ÷ the same statements per second on the database. */
  ratio?: number;
  /** Whether the targets hold on both databases or only on PostgreSQL (the production one). */
  on?: 'both' | 'postgres';
}

/**
 * One named HTTP scenario: what autocannon sends, and the statements the server
 * runs for one such request, timed straight on the database for the API/DB ratio.
 * A new API call joins the bench by adding one of these to `scenarios`.
 */
export interface HttpScenario {
  name: string;
  connections: number;
  requests(world: BenchWorld): autocannon.Request[];
  statements?(db: Kysely<Database>, world: BenchWorld): (n: number) => Promise<void>;
  targets?: Targets;
}

let signIns = 0;
function address(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** The reads behind a session cookie: Better Auth's session and user, then the route's own. */
async function meReads(db: Kysely<Database>, world: BenchWorld) {
  const session = await sql<{ userId: string }>`
    select "userId" from "session" where "token" = ${world.user.sessionToken}`.execute(db);
  const userId = session.rows[0]?.userId ?? world.user.id;
  await sql`select * from "user" where "id" = ${userId}`.execute(db);
  await db
    .selectFrom('user')
    .select(['id', 'email', 'emailVerified', 'twoFactorEnabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
  await db.selectFrom('profiles').selectAll().where('id', '=', userId).executeTakeFirst();
}

export const scenarios: HttpScenario[] = [
  {
    // Bound by the password hash (scrypt) on purpose: it follows the machine's cores.
    name: 'sign-in',
    connections: 20,
    requests: (world) => [
      {
        method: 'POST',
        path: '/api/auth/sign-in/email',
        setupRequest(request) {
          const n = signIns;
          signIns += 1;
          const email = world.signInEmails[Math.floor(n / signInsPerAccount)];
          if (email === undefined) throw new Error('The sign-in run needs more bench accounts');
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              origin: world.url,
              // Its own client address each time, so only the per-e-mail limit applies.
              'x-forwarded-for': address(n),
            },
            body: JSON.stringify({ email, password: world.password }),
          };
        },
      },
    ],
    statements(db, world) {
      const limiter = rateLimiter(db);
      const limit = authLimits['/sign-in/email'];
      if (limit?.email === undefined) throw new Error('sign-in has no per-e-mail limit');
      const perEmail = limit.email;
      return async (n) => {
        const email = world.signInEmails[n % world.signInEmails.length] ?? world.user.email;
        await limiter.hit(`bench-db:ip:${address(n)}`, limit.ip);
        await limiter.hit(`bench-db:email:${email}:${n}`, perEmail);
        const user = await sql<{ id: string }>`
          select * from "user" where "email" = ${email}`.execute(db);
        const userId = user.rows[0]?.id ?? world.user.id;
        await sql`select * from "account" where "userId" = ${userId}`.execute(db);
        const now = new Date();
        await sql`insert into "session" ("id", "expiresAt", "token", "createdAt", "updatedAt",
            "ipAddress", "userAgent", "userId")
          values (${`bench-db-${n}-${Math.random()}`}, ${new Date(now.getTime() + 86_400_000)},
            ${`bench-db-token-${n}-${Math.random()}`}, ${now}, ${now}, ${address(n)}, 'bench',
            ${userId})`.execute(db);
      };
    },
  },
  {
    name: 'GET /api/me (cookie)',
    connections: 50,
    requests: (world) => [
      { method: 'GET', path: '/api/me', headers: { cookie: world.user.cookie } },
    ],
    statements: (db, world) => () => meReads(db, world),
  },
  {
    name: 'GET /api/me (JWT)',
    connections: 50,
    requests: (world) => [
      { method: 'GET', path: '/api/me', headers: { authorization: `Bearer ${world.user.jwt}` } },
    ],
    statements: (db, world) => async () => {
      await sql`select * from "user" where "id" = ${world.user.id}`.execute(db);
      await db
        .selectFrom('user')
        .select(['id', 'email', 'emailVerified', 'twoFactorEnabled'])
        .where('id', '=', world.user.id)
        .executeTakeFirst();
      await db.selectFrom('profiles').selectAll().where('id', '=', world.user.id).execute();
    },
  },
  // Messaging joins here: list conversations, list messages (targets: { ratio: 0.5 }),
  // send message (targets: { p99Ms: 50, on: 'postgres' }, 50 connections).
];

/**
 * Promises whose API is not built yet: printed with their target until a scenario
 * with the same name measures them.
 */
export const promised: { figure: string; target: string }[] = [
  { figure: 'send message p99, 50 clients, PostgreSQL', target: '< 50 ms' },
  { figure: 'list messages API/DB ratio', target: '≥ 0.5' },
  { figure: 'push delivery p99, 1,000 subscribers', target: '< 100 ms' },
];
