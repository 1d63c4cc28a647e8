import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/audit';
import { auditRepository, type AuditRecord } from '../../../server/src/audit/audit-repository';
import { auditTrail } from '../../../server/src/audit/audit-trail';
import { runAuditCommand } from '../../../server/src/cli/audit';
import { outboxRepository } from '../../../server/src/mail/outbox-repository';
import { person } from '../messaging/fixture';
import { databaseVariants, startTestServer, type TestServer } from '../support/test-server';

function entry(id: string, overrides: Partial<AuditRecord> = {}): AuditRecord {
  return {
    type: 'message-sent',
    agent: { id: null, role: null, address: '203.0.113.5' },
    entity: { type: 'message', id },
    ...overrides,
  };
}

/** A command's output, line by line. */
function capture() {
  const lines: string[] = [];
  const errors: string[] = [];
  return {
    lines,
    errors,
    out: { log: (line: string) => lines.push(line), error: (line: string) => errors.push(line) },
  };
}

describe.each(databaseVariants)('audit storage on the $name database', (variant) => {
  let server: TestServer;
  const db = () => server.database.db;
  const audit = () => auditRepository(db());
  const outboxSubjects = async () =>
    (await outboxRepository(db()).listNewestFirst()).map((mail) => mail.subject);
  const recordedIds = async () =>
    (await db().selectFrom('audit_events').select('entity_id').execute()).map(
      (row) => row.entity_id,
    );
  /** A photo read entered at a chosen moment, past what the trail itself would write. */
  const photoReadAt = (id: string, recordedAt: Date, subjectId?: string) =>
    db()
      .insertInto('audit_events')
      .values({
        type: 'photo-read',
        action: 'R',
        outcome: 'success',
        entity_type: 'photo',
        entity_id: id,
        subject_id: subjectId ?? null,
        recorded_at: recordedAt,
      })
      .execute();

  beforeAll(async () => {
    server = await startTestServer({ variant, env: { DEMO_USERS: 'false' } });
  });
  afterAll(() => server.close());

  const mail = (subject: string) => ({ to: 'a@example.com', subject, text: 't', html: 'h' });

  it('commits a change and its entry together, or neither', async () => {
    const { unitOfWork } = server.database;
    await unitOfWork(async () => {
      await outboxRepository(db()).add(mail('kept'));
      await audit().record(entry('kept-entry'));
    });
    expect(await outboxSubjects()).toContain('kept');
    expect(await recordedIds()).toContain('kept-entry');

    // The entry cannot be written: the change goes too.
    await expect(
      unitOfWork(async () => {
        await outboxRepository(db()).add(mail('lost with its entry'));
        await audit().record({ ...entry('bad'), type: 'no-such-type' as AuditRecord['type'] });
      }),
    ).rejects.toThrow();
    expect(await outboxSubjects()).not.toContain('lost with its entry');

    // The change fails after its entry was written: the entry goes too.
    await expect(
      unitOfWork(async () => {
        await audit().record(entry('claims a change'));
        await outboxRepository(db()).add({ ...mail('x'), to: null as unknown as string });
      }),
    ).rejects.toThrow();
    expect(await recordedIds()).not.toContain('claims a change');
  });

  it('writes the reads noted in one turn together, and each noter hears how its batch went', async () => {
    const trail = auditTrail(server.database.unitOfWork, audit());
    // A message pushed to 1,200 open streams: more rows than one insert takes.
    const ids = Array.from({ length: 1200 }, (_, i) => `pushed-${variant.name}-${i}`);
    await Promise.all(
      ids.map((id) => trail.noteTogether(entry(id, { type: 'conversation-read' }))),
    );
    const stored = new Set(await recordedIds());
    expect(ids.filter((id) => !stored.has(id))).toEqual([]);

    // A batch that cannot be stored fails for every read in it, and stores none of them.
    const failed = await Promise.allSettled([
      trail.noteTogether(entry('batch-a')),
      trail.noteTogether({ ...entry('batch-bad'), type: 'no-such-type' as AuditRecord['type'] }),
    ]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await recordedIds()).not.toContain('batch-a');

    // The next turn's reads start a batch of their own.
    await trail.noteTogether(entry('after-the-failure'));
    expect(await recordedIds()).toContain('after-the-failure');
  });

  it('turns a transaction begun inside a unit into a savepoint of it', async () => {
    await server.database.unitOfWork(async () => {
      await outboxRepository(db()).add(mail('outer'));
      await expect(
        db()
          .transaction()
          .execute(async (trx) => {
            await outboxRepository(trx).add(mail('inner, rolled back'));
            throw new Error('inner work failed');
          }),
      ).rejects.toThrow('inner work failed');
      await db()
        .transaction()
        .execute((trx) => outboxRepository(trx).add(mail('inner, kept')));
    });
    const subjects = await outboxSubjects();
    expect(subjects).toContain('outer');
    expect(subjects).toContain('inner, kept');
    expect(subjects).not.toContain('inner, rolled back');
  });

  it('holds no connection before its first write: others are answered while it works', async () => {
    let readDone!: () => void;
    const read = new Promise<void>((resolve) => (readDone = resolve));
    let goOn!: () => void;
    const othersAnswered = new Promise<void>((resolve) => (goOn = resolve));
    // A sign-in's shape: a read, a while without the database (the password's hash), a write.
    const unit = server.database.unitOfWork(async () => {
      await db().selectFrom('audit_events').select('id').limit(1).execute();
      readDone();
      await othersAnswered;
      await audit().record(entry('written after the wait'));
    });
    await read;
    // Outside the unit: on the embedded database's one connection this waited for the
    // unit to end, which waited for it.
    const other = db().selectFrom('user').select('id').limit(1).execute();
    const timeout = new Promise((_, reject) =>
      setTimeout(() => reject(new Error('another request waited for the unit')), 10_000),
    );
    try {
      await Promise.race([other, timeout]);
    } finally {
      goOn();
      await unit;
    }
    expect(await recordedIds()).toContain('written after the wait');
  });

  it('reads its own writes once it has written', async () => {
    await server.database.unitOfWork(async () => {
      await audit().record(entry('seen inside'));
      // Not yet committed: only the unit's own transaction can see it.
      expect(await recordedIds()).toContain('seen inside');
      await expect(
        db()
          .selectFrom('audit_events')
          .select('id')
          .where('entity_id', '=', 'seen inside')
          .execute(),
      ).resolves.toHaveLength(1);
    });
  });

  it('lets work still running after a unit ended use the database as usual', async () => {
    let later: Promise<unknown> = Promise.resolve();
    await server.database.unitOfWork(async () => {
      await outboxRepository(db()).add(mail('in the unit'));
      later = new Promise((resolve) => setTimeout(resolve, 50)).then(() =>
        outboxRepository(db()).add(mail('after the unit')),
      );
    });
    await later;
    expect(await outboxSubjects()).toEqual(
      expect.arrayContaining(['in the unit', 'after the unit']),
    );
  });

  it('refuses to change, delete or empty an entry', async () => {
    await audit().record(entry('permanent'));
    await expect(
      sql`update audit_events set outcome = 'failure' where entity_id = 'permanent'`.execute(db()),
    ).rejects.toThrow(/never changed or deleted/);
    await expect(
      sql`delete from audit_events where entity_id = 'permanent'`.execute(db()),
    ).rejects.toThrow(/never changed or deleted/);
    await expect(sql`truncate audit_events`.execute(db())).rejects.toThrow(
      /never changed or deleted/,
    );
    expect(await recordedIds()).toContain('permanent');
  });

  it('prunes only the entries older than the retention', async () => {
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
    for (const [id, daysAgo] of [
      ['ten years old', 3650],
      ['seven years old', 7 * 365],
      ['five years old', 5 * 365],
    ] as const) {
      await photoReadAt(id, at(daysAgo));
    }
    expect(await audit().prune(6 * 365 + 2)).toBe(2);
    const left = await recordedIds();
    expect(left).toContain('five years old');
    expect(left).not.toContain('seven years old');
    expect(left).not.toContain('ten years old');
    expect(left).toContain('permanent');
  });

  it('answers operators through npm run audit by account, record and time', async () => {
    const doctor = await person(server, 'doctor', { first: 'Ram' });
    await audit().record(
      entry('read-by-doctor', {
        type: 'photo-read',
        agent: { id: doctor.id, role: 'doctor', address: '203.0.113.9' },
        entity: { type: 'photo', id: 'read-by-doctor', subjectId: 'patient-1' },
      }),
    );

    const byUser = capture();
    expect(await runAuditCommand(['--user', doctor.email.toUpperCase()], db(), byUser.out)).toBe(0);
    // The doctor's sign-in through the API, then the read.
    expect(byUser.lines).toHaveLength(2);
    expect(byUser.lines[0]).toContain('photo-read success');
    expect(byUser.lines[0]).toContain(`${doctor.email} (doctor) from 203.0.113.9`);
    expect(byUser.lines[0]).toContain('photo read-by-doctor of patient-1');
    expect(byUser.lines[1]).toContain('login success');

    const byRecord = capture();
    expect(await runAuditCommand(['--record', 'patient-1', '--json'], db(), byRecord.out)).toBe(0);
    const parsed = byRecord.lines.map((line) => JSON.parse(line) as AuditEntry);
    expect(parsed.map((one) => one.entity.id)).toEqual(['read-by-doctor']);

    const future = capture();
    expect(await runAuditCommand(['--since', '2999-01-01'], db(), future.out)).toBe(0);
    expect(future.lines).toEqual(['No audit entries match.']);

    for (const args of [[], ['--since', 'last tuesday'], ['--who', 'x']]) {
      const refused = capture();
      expect(await runAuditCommand(args, db(), refused.out), args.join(' ')).toBe(2);
      expect(refused.errors.join('\n')).toMatch(/npm run audit|is not a date/);
    }
  });

  it('reads a day or time given to npm run audit on the clinic clock', async () => {
    // 23:59 and 00:00 in Nepal, across the night from 1 to 2 November 2026.
    for (const [id, at] of [
      ['clinic-day-before', '2026-11-01T18:14:00Z'],
      ['clinic-day-first', '2026-11-01T18:15:00Z'],
    ] as const) {
      await photoReadAt(id, new Date(at), 'clinic-day-patient');
    }
    const idsSince = async (since: string) => {
      const found = capture();
      const args = ['--record', 'clinic-day-patient', '--since', since, '--json'];
      expect(await runAuditCommand(args, db(), found.out)).toBe(0);
      return found.lines.map((line) => (JSON.parse(line) as AuditEntry).entity.id);
    };
    expect(await idsSince('2026-11-02')).toEqual(['clinic-day-first']);
    expect(await idsSince('2026-11-01T23:59')).toEqual(['clinic-day-first', 'clinic-day-before']);
    expect(await idsSince('2026-11-02T00:01')).toEqual([]);
    expect(await idsSince('2026-11-01T18:14:00Z')).toHaveLength(2);

    // A time with seconds but no zone could be read two ways: it is refused.
    const refused = capture();
    expect(await runAuditCommand(['--since', '2026-11-02T00:00:00'], db(), refused.out)).toBe(2);
    expect(refused.errors.join('\n')).toContain('is not a date');
  });
});
