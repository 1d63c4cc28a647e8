import * as z from 'zod/mini';

/**
 * The staff's figures, each counted from what is stored, never a constant. The spec's sample
 * numbers (Appointments 18, Users 1,247, …) live only in the demo seed's data, if anywhere.
 */

/** Messages a patient wrote that nobody answered for this long count as a task. */
export const unansweredAfterHours = 24;
/** Flagged readings of this many days are alerts until a doctor opens the patient's chart. */
export const alertWindowDays = 7;
/** A session that made a request this recently counts as active. */
export const activeSessionMinutes = 15;
/** Uptime is counted over this many days (or since the server's first record, if later). */
export const uptimeWindowDays = 30;

/**
 * `GET /api/figures/today` (managers): the clinic's day, the day in clinic time.
 * - `appointments`: appointments of today that are not cancelled;
 * - `checkIns`: patients who checked in today for an appointment;
 * - `tasks`: visits finished without a summary, and care-team conversations whose last
 *   message is a patient's, unanswered for over `unansweredAfterHours` hours;
 * - `alerts`: readings of the last `alertWindowDays` days past a clinical threshold, whose
 *   patient's chart no doctor has opened since.
 */
export const todayFiguresSchema = z.object({
  day: z.string(),
  appointments: z.number(),
  checkIns: z.number(),
  tasks: z.object({
    total: z.number(),
    visitsWithoutSummary: z.number(),
    unansweredConversations: z.number(),
  }),
  alerts: z.number(),
});
export type TodayFigures = z.infer<typeof todayFiguresSchema>;

/**
 * `GET /api/figures/network` (admins and the superadmin):
 * - `clinics`: the clinic keys the server is configured with;
 * - `users`: confirmed accounts;
 * - `activeSessions`: sessions that made a request in the last `activeSessionMinutes` minutes;
 * - `uptimePercent`: the share of minutes in the last `uptimeWindowDays` days (since the first
 *   record, if later) for which a server recorded a passing health check; null before any;
 * - `storageBytes`: photos stored plus the database's own size.
 */
export const networkFiguresSchema = z.object({
  clinics: z.number(),
  users: z.number(),
  activeSessions: z.number(),
  uptimePercent: z.nullable(z.number()),
  storageBytes: z.object({
    total: z.number(),
    photos: z.number(),
    database: z.number(),
  }),
});
export type NetworkFigures = z.infer<typeof networkFiguresSchema>;
