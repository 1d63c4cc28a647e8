import type { DataValueSet } from '@shared/hmis';

/** Where and as whom the report is posted; the password never leaves this module's request. */
export interface Dhis2Settings {
  url: string;
  username: string;
  password: string;
}

/** DHIS2's import summary for one `dataValueSet`. */
export interface Dhis2ImportSummary {
  status: string;
  description: string | null;
  importCount: { imported: number; updated: number; ignored: number; deleted: number };
  conflicts: { object: string; value: string }[];
}

/** DHIS2 refused the credentials (401, 403). */
export class Dhis2Unauthorized extends Error {
  override readonly name = 'Dhis2Unauthorized';
}

/** DHIS2 did not answer, timed out, or answered without an import summary (5xx, 404, …). */
export class Dhis2Unavailable extends Error {
  override readonly name = 'Dhis2Unavailable';
}

/** How long DHIS2 may take to import one clinic's month. */
export const dhis2AnswerWithinMs = 30_000;

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const whole = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const text = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * The import summary in an answer: DHIS2 2.38 and later wrap it in a web message's
 * `response` (a 409 when there are conflicts), earlier versions answer it bare.
 */
export function importSummaryOf(body: unknown): Dhis2ImportSummary | null {
  const outer = record(body);
  const summary = 'importCount' in outer ? outer : record(outer.response);
  if (!('importCount' in summary)) return null;
  const count = record(summary.importCount);
  const conflicts = Array.isArray(summary.conflicts) ? summary.conflicts : [];
  return {
    status: text(summary.status) ?? text(outer.status) ?? 'UNKNOWN',
    description: text(summary.description) ?? text(outer.message),
    importCount: {
      imported: whole(count.imported),
      updated: whole(count.updated),
      ignored: whole(count.ignored),
      deleted: whole(count.deleted),
    },
    conflicts: conflicts.map((conflict) => {
      const fields = record(conflict);
      return { object: text(fields.object) ?? '', value: text(fields.value) ?? '' };
    }),
  };
}

/**
 * Posts `dataValueSets` to DHIS2's `/api/dataValueSets` with basic auth, one at a time; an
 * answer that has not come within `answerWithinMs` is none.
 */
export function dhis2Client(settings: Dhis2Settings, answerWithinMs = dhis2AnswerWithinMs) {
  const authorization = `Basic ${Buffer.from(`${settings.username}:${settings.password}`).toString('base64')}`;
  return {
    async send(
      set: DataValueSet,
      options: { dryRun: boolean; idScheme: 'UID' | 'CODE' },
    ): Promise<Dhis2ImportSummary> {
      const query = new URLSearchParams({ dryRun: String(options.dryRun) });
      if (options.idScheme !== 'UID') query.set('idScheme', options.idScheme);
      let response: Response;
      try {
        response = await fetch(`${settings.url}/api/dataValueSets?${query.toString()}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            authorization,
          },
          body: JSON.stringify(set),
          signal: AbortSignal.timeout(answerWithinMs),
          redirect: 'error',
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        throw new Dhis2Unavailable(
          timedOut
            ? `DHIS2 did not answer within ${answerWithinMs / 1000} s.`
            : 'DHIS2 could not be reached.',
        );
      }
      if (response.status === 401 || response.status === 403) {
        throw new Dhis2Unauthorized(
          `DHIS2 refused the user name and password (${response.status}).`,
        );
      }
      const summary = importSummaryOf(await response.json().catch(() => null));
      if (summary === null) {
        throw new Dhis2Unavailable(`DHIS2 answered ${response.status} without an import summary.`);
      }
      return summary;
    },
  };
}

export type Dhis2Client = ReturnType<typeof dhis2Client>;
