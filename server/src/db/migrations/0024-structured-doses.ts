import { sql, type Kysely } from 'kysely';

const doseForms = sql`array['tablet', 'capsule', 'ml', 'drops', 'puffs', 'units']::text[]`;
const foodRelations = sql`array['before', 'with', 'after', 'any']::text[]`;

/** A dose written in words, as an amount and a form, when the words say no more than that. */
export function readWrittenDose(text: string): { amount: number; form: string } | null {
  const match =
    /^\s*(\d{1,4}(?:\.\d{1,2})?)\s*(tablets?|tabs?|capsules?|caps?|ml|mls|millilit(?:re|er)s?|drops?|puffs?|units?|iu)\.?\s*$/i.exec(
      text,
    );
  if (!match) return null;
  const amount = Number(match[1]);
  if (!(amount > 0 && amount <= 1000)) return null;
  const word = (match[2] ?? '').toLowerCase();
  const form = word.startsWith('tab')
    ? 'tablet'
    : word.startsWith('cap')
      ? 'capsule'
      : word.startsWith('m')
        ? 'ml'
        : word.startsWith('drop')
          ? 'drops'
          : word.startsWith('puff')
            ? 'puffs'
            : 'units';
  return { amount, form };
}

/**
 * An instruction written in words, as a relation to food, when that is all it says ("After
 * breakfast": after food; "Before bed" for a night dose: at night, which says it), and what
 * is left of it as a note.
 */
export function readWrittenInstruction(
  text: string | null,
  times: readonly string[],
): { food: 'before' | 'with' | 'after' | 'any'; note: string | null } {
  const words = (text ?? '').trim();
  if (words === '') return { food: 'any', note: null };
  const meal =
    /^(?:take\s+)?(before|with|after)\s+(?:a\s+)?(?:breakfast|lunch|dinner|meals?|food|eating)\.?$/i.exec(
      words,
    );
  if (meal)
    return { food: (meal[1] ?? '').toLowerCase() as 'before' | 'with' | 'after', note: null };
  if (
    times.includes('night') &&
    /^(?:before bed|at bedtime|bedtime|before sleep)\.?$/i.test(words)
  ) {
    return { food: 'any', note: null };
  }
  return { food: 'any', note: words };
}

/**
 * Structured doses (FHIR Dosage): an amount and a form (`doseAndRate.doseQuantity`), how the
 * dose goes with food (with the times of day, `timing.repeat.when`), and a free note only as
 * an extra (`patientInstruction`). Nothing is taken away: `dose` and `instruction` keep what
 * was written before. A prescription stored before is read into the new columns where its
 * words say a dose ("1 tablet") or a relation to food ("After breakfast"); a dose it cannot
 * read stays in words (no amount), and an instruction it cannot read becomes the note.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('medication_requests')
    .addColumn('dose_amount', 'double precision', (col) =>
      col.check(sql`dose_amount > 0 and dose_amount <= 1000`),
    )
    .addColumn('dose_form', 'text', (col) => col.check(sql`dose_form = any (${doseForms})`))
    .addColumn('food', 'text', (col) =>
      col
        .notNull()
        .defaultTo('any')
        .check(sql`food = any (${foodRelations})`),
    )
    .addColumn('note', 'text')
    .execute();
  await db.schema
    .alterTable('medication_requests')
    .alterColumn('dose', (col) => col.dropNotNull())
    .execute();
  await db.schema
    .alterTable('medication_requests')
    .addCheckConstraint(
      'medication_requests_dose_check',
      sql`(dose_amount is null) = (dose_form is null) and (dose_amount is not null or dose is not null)`,
    )
    .execute();

  const { rows } = await sql<{
    id: string;
    dose: string;
    times: string[];
    instruction: string | null;
  }>`select id, dose, times, instruction from medication_requests`.execute(db);
  for (const row of rows) {
    const dose = readWrittenDose(row.dose);
    const { food, note } = readWrittenInstruction(row.instruction, row.times);
    await sql`update medication_requests
      set dose_amount = ${dose?.amount ?? null}, dose_form = ${dose?.form ?? null},
        food = ${food}, note = ${note}
      where id = ${row.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update medication_requests set dose = dose_amount::text || ' ' || dose_form
    where dose is null`.execute(db);
  await db.schema
    .alterTable('medication_requests')
    .dropConstraint('medication_requests_dose_check')
    .execute();
  await db.schema
    .alterTable('medication_requests')
    .alterColumn('dose', (col) => col.setNotNull())
    .execute();
  await db.schema
    .alterTable('medication_requests')
    .dropColumn('dose_amount')
    .dropColumn('dose_form')
    .dropColumn('food')
    .dropColumn('note')
    .execute();
}
