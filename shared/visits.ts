import * as z from 'zod/mini';
import { actingForSchema } from './care-permissions';
import { recordIdSchema } from './record-id';
import { vitalFlags } from './vital-flags';

/** The time zone "today" is counted in for the queue's figures: clinic time. */
export { clinicTimeZone } from './clinic-time';

/**
 * A virtual visit, from the waiting room to the summary:
 * queued (in the waiting room) → waiting (a doctor started it and is in the call) →
 * in_progress (both are in) → finished (the doctor ended it); queued or waiting →
 * cancelled; waiting → no_show when the patient does not come.
 */
export const visitStatuses = [
  'queued',
  'waiting',
  'in_progress',
  'finished',
  'cancelled',
  'no_show',
] as const;
export type VisitStatus = (typeof visitStatuses)[number];

/** The statuses of a visit that is still going on; a patient has at most one such visit. */
export const openVisitStatuses = [
  'queued',
  'waiting',
  'in_progress',
] as const satisfies readonly VisitStatus[];

/** The moves a visit's status may make; nothing else is allowed. */
export const visitTransitions: Readonly<Record<VisitStatus, readonly VisitStatus[]>> = {
  queued: ['waiting', 'cancelled'],
  waiting: ['in_progress', 'cancelled', 'no_show'],
  in_progress: ['finished'],
  finished: [],
  cancelled: [],
  no_show: [],
};

export function mayMove(from: VisitStatus, to: VisitStatus): boolean {
  return visitTransitions[from].includes(to);
}

export function isOpen(status: VisitStatus): boolean {
  return (openVisitStatuses as readonly VisitStatus[]).includes(status);
}

/** A started visit the patient has not come to after this long is a no-show. */
export const noShowAfterMs = 10 * 60_000;

/** A visit in progress can be rejoined until both people have been away this long; then it is finished. */
export const rejoinWindowMs = 15 * 60_000;

/**
 * What one visit's call may store of signals: a call's negotiation, its restarts and quality
 * steps come to a few hundred; a participant sending more is refused rather than stored.
 */
export const visitSignalLimits = {
  /** Per participant and minute. */
  perMinute: 240,
  /** Per visit, both participants together. */
  perVisit: 5_000,
  /** Bytes of signal bodies per visit. */
  bytesPerVisit: 10 * 1024 * 1024,
} as const;

/** How often a person in the call tells the server they are still there (`POST …/join`). */
export const presenceIntervalMs = 60_000;

/**
 * How long a TURN credential minted for a visit stays valid. A call's heartbeat
 * (`presenceIntervalMs`) brings a fresh one long before it runs out, so a leaked one
 * is of little use for long.
 */
export const turnCredentialTtlSeconds = 15 * 60;

export const visitTypes = ['video', 'call'] as const;
export type VisitType = (typeof visitTypes)[number];

export const visitPriorities = ['routine', 'urgent'] as const;
export type VisitPriority = (typeof visitPriorities)[number];

export const maxReasonLength = 200;
export const maxSummaryLength = 4_000;

export const visitIdSchema = recordIdSchema('Unknown visit');

/** `/api/visits/:id` and the routes under it. */
export const visitParamsSchema = z.object({ id: visitIdSchema });

/** A reason as the patient gives it: trimmed, at most `maxReasonLength` characters. */
const reasonText = z.string('Please give a reason for the visit').check(
  z.overwrite((text) => text.trim()),
  z.maxLength(maxReasonLength, 'A reason can have at most 200 characters'),
);

/**
 * `POST /api/visits`: the patient joins the waiting room, in one tap. The patient is the
 * caller; a patient with an open visit gets that one back (200) instead of a new one (201).
 * The reason may be left empty and given while waiting (`PUT /api/visits/:id/reason`).
 * Priority is not the patient's to set: staff set it, and a `priority` sent here is ignored.
 */
export const joinWaitingRoomSchema = z.object({
  reason: z.optional(reasonText),
  type: z.optional(z.enum(visitTypes, 'Unknown visit type')),
});
export type JoinWaitingRoom = z.infer<typeof joinWaitingRoomSchema>;

/** `PUT /api/visits/:id/reason`: the patient says why they came, while the visit is queued or waiting. */
export const visitReasonSchema = z.object({
  reason: reasonText.check(z.minLength(1, 'Please give a reason for the visit')),
});
export type VisitReason = z.infer<typeof visitReasonSchema>;

/** A visit as its patient or its doctor sees it. Times are ISO strings. */
export const visitSchema = z.object({
  id: z.string(),
  status: z.enum(visitStatuses),
  type: z.enum(visitTypes),
  priority: z.enum(visitPriorities),
  /** Why the patient came, in their words; empty when they gave none. */
  reason: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  /** Who brought the patient in for them (a guardian, a caregiver), or null. */
  agentName: z.optional(z.nullable(z.string())),
  doctorId: z.nullable(z.string()),
  doctorName: z.nullable(z.string()),
  /** When the patient joined the waiting room. */
  queuedAt: z.string(),
  /** When a doctor pressed "Start visit". */
  startedAt: z.nullable(z.string()),
  /** When both were first in the call. */
  inProgressAt: z.nullable(z.string()),
  /** When it was finished, cancelled or marked a no-show. */
  endedAt: z.nullable(z.string()),
  /** Minutes from both being in the call to the end; null until finished. */
  durationMinutes: z.nullable(z.number()),
  summary: z.nullable(z.string()),
  /** Place in line while queued (1 is next), else null. */
  position: z.nullable(z.number()),
  /**
   * Estimated minutes until a doctor starts it while queued and a doctor is on duty (at least
   * 1), else null.
   */
  estimatedWaitMinutes: z.nullable(z.number()),
  /** While queued: whether a doctor's working hours hold now. Absent when not queued. */
  doctorOnDuty: z.optional(z.boolean()),
  /** While queued with no doctor on duty: when a doctor's hours next begin, or null when none are set. */
  nextDoctorAt: z.optional(z.nullable(z.string())),
});
export type Visit = z.infer<typeof visitSchema>;

/** `GET /api/visits/current`: the patient's open visit, the active encounter. */
export const currentVisitSchema = z.object({ visit: z.nullable(visitSchema) });
export type CurrentVisit = z.infer<typeof currentVisitSchema>;

/** `GET /api/visits/history`: the patient's finished visits, newest first. */
export const visitHistorySchema = z.array(visitSchema);

/** One row of the doctor's queue: what every doctor may see of a queued visit. */
export const queueEntrySchema = z.object({
  id: z.string(),
  /** The patient's id where the doctor may read their record (their chart), else null. */
  patientId: z.nullable(z.string()),
  patientName: z.string(),
  /** Who brought the patient in for them (a guardian, a caregiver), or null. */
  agentName: z.optional(z.nullable(z.string())),
  priority: z.enum(visitPriorities),
  reason: z.string(),
  type: z.enum(visitTypes),
  queuedAt: z.string(),
  /**
   * For a patient checked in to an appointment, its start on the clinic's clock (`HH:mm`);
   * null for a walk-in. Such a visit is in the queue of its appointment's doctor only.
   */
  appointmentTime: z.nullable(z.string()),
  /**
   * The thresholds the patient's last recorded reading passed (`flagsOf`), where the doctor
   * may read their record; empty when none did, there is none, or the record is not theirs.
   */
  flags: z.array(z.enum(vitalFlags)),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

/**
 * `GET /api/visits/queue` (doctors): the queued visits the doctor may take (every walk-in, and
 * the checked-in appointments that are theirs), urgent first; within a priority, scheduled
 * visits by their appointment time ahead of walk-ins, walk-ins oldest first; with today's
 * figures (today in `clinicTimeZone`).
 */
export const queueSchema = z.object({
  entries: z.array(queueEntrySchema),
  waiting: z.number(),
  completedToday: z.number(),
  /** Average minutes from joining the waiting room to "Start visit", for visits started today; null when none. */
  averageWaitMinutesToday: z.nullable(z.number()),
});
export type Queue = z.infer<typeof queueSchema>;

/** An ICE server as `RTCPeerConnection` takes it. */
export const iceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.optional(z.string()),
  credential: z.optional(z.string()),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/**
 * `POST /api/visits/:id/join`: a participant enters (or is still in) the call. Sent on
 * entering the call screen and every `presenceIntervalMs` after. `signalCursor` is the
 * newest signal id so far: the caller reads only signals after it.
 */
export const joinAnswerSchema = z.object({
  visit: visitSchema,
  iceServers: z.array(iceServerSchema),
  signalCursor: z.string(),
});
export type JoinAnswer = z.infer<typeof joinAnswerSchema>;

/** `PUT /api/visits/:id/summary` (the visit's doctor, once it is finished). */
export const saveSummarySchema = z.object({
  summary: z.string('Please write a summary').check(
    z.overwrite((text) => text.trim()),
    z.minLength(1, 'Please write a summary'),
    z.maxLength(maxSummaryLength, 'A summary can have at most 4,000 characters'),
  ),
});
export type SaveSummary = z.infer<typeof saveSummarySchema>;

/** One page load's presence in the call; a reload is a new session. */
const callSessionSchema = z.uuid('Unknown call session');

export const callQualityLevels = ['full', 'low', 'audio'] as const;
export type CallQualityLevel = (typeof callQualityLevels)[number];

/**
 * What one participant sends the other through `POST /api/visits/:id/signals`. The
 * server checks the shape and who may send, then passes it on unread.
 * - `hello`: this session is in the call (`replyTo`: answering the other's hello);
 * - `description`/`candidate`: WebRTC negotiation from session `session` to session `to`;
 * - `quality`: the sender's call stepped to this level (`network`: chosen by the app);
 * - `bye`: the sender left the call.
 */
export const signalSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('hello'),
    session: callSessionSchema,
    replyTo: z.optional(callSessionSchema),
  }),
  z.object({
    kind: z.literal('description'),
    session: callSessionSchema,
    to: callSessionSchema,
    description: z.object({
      type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
      sdp: z.string().check(z.maxLength(30_000)),
    }),
  }),
  z.object({
    kind: z.literal('candidate'),
    session: callSessionSchema,
    to: callSessionSchema,
    candidate: z.object({
      candidate: z.string().check(z.maxLength(2_000)),
      sdpMid: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
      sdpMLineIndex: z.optional(z.nullable(z.number())),
      usernameFragment: z.optional(z.nullable(z.string().check(z.maxLength(256)))),
    }),
  }),
  z.object({
    kind: z.literal('quality'),
    session: callSessionSchema,
    level: z.enum(callQualityLevels),
    cause: z.enum(['network', 'choice']),
  }),
  z.object({ kind: z.literal('bye'), session: callSessionSchema }),
]);
export type Signal = z.infer<typeof signalSchema>;

/** `POST /api/visits/:id/signals` answers 202 with the stored signal's id. */
export const signalAcceptedSchema = z.object({ id: z.string() });

/** A signal as the other participant receives it: by push (`event: signal`) or by catch-up. */
export const signalEventSchema = z.object({
  /** Increasing; the cursor for `GET /api/visits/:id/signals?after=`. */
  id: z.string(),
  visitId: z.string(),
  fromUserId: z.string(),
  signal: signalSchema,
});
export type SignalEvent = z.infer<typeof signalEventSchema>;

/** `GET /api/visits/:id/signals?after=<id>`: the signals to the caller after that one, oldest first. */
export const signalsQuerySchema = z.object({
  after: z.optional(z.string().check(z.regex(/^\d{1,18}$/, 'Unknown signal'))),
});
export const signalEventListSchema = z.array(signalEventSchema);

/**
 * `GET /api/visits/events` (Server-Sent Events), for patients and doctors:
 * - `ready` `{}` once subscribed (catch up then);
 * - `visit` `{ id, status }` to the visit's patient and doctor when it changes;
 * - `queue` `{ id, change }` to every doctor when a walk-in enters or leaves the queue, and to
 *   its appointment's doctor only for a checked-in scheduled visit;
 * - `appointments` `{ doctorId }` to that doctor when one of their appointments changed (booked,
 *   moved, cancelled, checked in, a no-show…): their day (`GET /api/appointments/today`) is
 *   to be read again;
 * - `signal` a `SignalEvent` to the participant it is for;
 * - `resync` `{}` when announcements may have been lost.
 */
export const visitChangeEventSchema = z.object({ id: z.string(), status: z.enum(visitStatuses) });
export type VisitChangeEvent = z.infer<typeof visitChangeEventSchema>;

export const queueChangeEventSchema = z.object({
  id: z.string(),
  /** `changed`: what the queue shows of it changed (the patient gave a reason). */
  change: z.enum(['added', 'removed', 'changed']),
});
export type QueueChangeEvent = z.infer<typeof queueChangeEventSchema>;

export const appointmentsChangeEventSchema = z.object({ doctorId: z.string() });
export type AppointmentsChangeEvent = z.infer<typeof appointmentsChangeEventSchema>;

/**
 * `GET /api/visits/events`: `for`, the patient a caregiver acts for, whose visits the stream
 * then carries (the same check as the acting-for header).
 */
export const visitEventsQuerySchema = z.object({
  for: z.optional(actingForSchema),
});
