import { sql, type Expression, type SqlBool } from 'kysely';
import type { DateCondition, PageCursor } from './search-parameters';

/** A date condition on a moment column, as SQL. */
export function onMoment(column: Expression<Date>, condition: DateCondition): Expression<SqlBool> {
  if (condition.kind === 'outside') {
    return sql<SqlBool>`(${column} < ${condition.start} or ${column} >= ${condition.end})`;
  }
  const from = condition.from === null ? sql`true` : sql`${column} >= ${condition.from}`;
  const before = condition.before === null ? sql`true` : sql`${column} < ${condition.before}`;
  return sql<SqlBool>`(${from} and ${before})`;
}

/** Rows after the cursor, in the order pages run: newest first, then by id. */
export function afterCursor(at: Expression<Date>, id: Expression<string>, cursor: PageCursor) {
  return sql<SqlBool>`(${at} < ${cursor.at} or (${at} = ${cursor.at} and ${id}::text < ${cursor.id}))`;
}

/**
 * A moment to the millisecond: a column the database stamps (`now()`) holds microseconds, and a
 * page's cursor carries milliseconds, so pages run by the moment cut as the cursor can say it.
 */
export const toMilliseconds = (column: Expression<unknown>) =>
  sql<Date>`date_trunc('milliseconds', ${column})`;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id can name a row keyed by a uuid: any other names none (and never reaches SQL). */
export const isUuid = (id: string) => uuidPattern.test(id);
