import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The server does not ask Better Auth to check its tables at run time (that check reads
 * every schema of the database). This holds our migrations to the tables and columns Better
 * Auth expects instead, on the embedded database, whose only schema is ours.
 */
describe("Better Auth's tables as our migrations make them", () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function checkTables(current: TestServer): Promise<void> {
    const context = await current.auth.$context;
    expect(context.checkSchema).toBeUndefined();
    expect(context.explicitSchemaCheck).toBeTypeOf('function');
    await context.explicitSchemaCheck?.();
  }

  it('are what Better Auth expects', async () => {
    server = await startTestServer();
    await expect(checkTables(server)).resolves.toBeUndefined();
  });

  it('would be refused with a column missing, naming it', async () => {
    server = await startTestServer();
    await sql`alter table "session" drop column "userAgent"`.execute(server.database.db);
    await expect(checkTables(server)).rejects.toThrow(/userAgent/);
  });
});
