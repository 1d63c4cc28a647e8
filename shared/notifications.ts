import * as z from 'zod/mini';
import { clinicTimeSchema } from './clinic-time';

/**
 * Notifications that reach a closed phone: web push to a device's service worker and text
 * messages to a verified Nepali mobile number. What they say is only that there is something
 * to see; never a diagnosis, a medicine or a message's words.
 */

/** The languages an account's notifications are written in. */
export const accountLanguages = ['en', 'ne'] as const;
export type AccountLanguage = (typeof accountLanguages)[number];

/** What a notification tells someone; each kind has one wording per language. */
export const notificationKinds = [
  // To a patient.
  'care-team-answered',
  'doctor-is-in',
  'appointment-booked',
  'appointment-moved',
  'appointment-cancelled',
  'appointment-tomorrow',
  'appointment-in-an-hour',
  'check-in-open',
  'medication-due',
  // To a doctor.
  'patient-in-queue',
  'patient-checked-in',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationChannels = ['push', 'sms'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/**
 * What became of one notification on one channel. `pending`: waiting for its time or its
 * turn. `sent`: the push service or the gateway took it. `failed`: refused for good, or out
 * of tries. `withdrawn`: no longer true (a cancelled appointment's reminders). `skipped`: the
 * person turned that channel off or has no way to receive it. `unconfirmed`: the server
 * stopped while the gateway had it, so it is not sent again.
 */
export const notificationOutcomes = [
  'pending',
  'sent',
  'failed',
  'withdrawn',
  'skipped',
  'unconfirmed',
] as const;
export type NotificationOutcome = (typeof notificationOutcomes)[number];

/** Quiet hours unless a person sets their own: 21:00–07:00 clinic time. */
export const defaultQuietHours = { start: '21:00', end: '07:00' } as const;

/** The longest push endpoint a subscription may name (browsers' are a few hundred). */
export const maxPushEndpointLength = 2_048;

const base64url = (max: number) =>
  z.string().check(z.regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Expected base64url'), z.maxLength(max));

/** A browser's `PushSubscription.toJSON()`. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().check(z.minLength(1), z.maxLength(maxPushEndpointLength)),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    /** The device's P-256 public key, 65 bytes uncompressed. */
    p256dh: base64url(128),
    /** The 16-byte authentication secret. */
    auth: base64url(64),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({
  endpoint: z.string().check(z.minLength(1), z.maxLength(maxPushEndpointLength)),
});

export const pushPublicKeySchema = z.object({ publicKey: z.string() });

export const quietHoursSchema = z.object({ start: clinicTimeSchema, end: clinicTimeSchema });
export type QuietHours = z.infer<typeof quietHoursSchema>;

/** The signed-in person's notification settings, as Profile → Notifications shows them. */
export const notificationSettingsSchema = z.object({
  /** The verified mobile number texts go to, or null when none is verified. */
  phoneNumber: z.nullable(z.string()),
  texts: z.boolean(),
  medicationReminders: z.boolean(),
  quietHours: quietHoursSchema,
  language: z.enum(accountLanguages),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** A change to some of them; what is absent stays. */
export const notificationSettingsChangeSchema = z.object({
  texts: z.optional(z.boolean()),
  medicationReminders: z.optional(z.boolean()),
  quietHours: z.optional(quietHoursSchema),
  language: z.optional(z.enum(accountLanguages)),
});
export type NotificationSettingsChange = z.infer<typeof notificationSettingsChangeSchema>;

/** One notification as the superadmin's record shows it: who, channel, kind, outcome; never its text. */
export const notificationRecordSchema = z.object({
  id: z.string(),
  recipientId: z.string(),
  recipientName: z.string(),
  channel: z.enum(notificationChannels),
  kind: z.enum(notificationKinds),
  outcome: z.enum(notificationOutcomes),
  /** Why it failed or was skipped, as a code (`no_credit`, `gone`, `texts_off`…), never the text. */
  reason: z.nullable(z.string()),
  attempts: z.number(),
  /** When it was due to go out. */
  dueAt: z.string(),
  /** When it was sent, failed, withdrawn or skipped; null while pending. */
  finishedAt: z.nullable(z.string()),
});
export type NotificationRecord = z.infer<typeof notificationRecordSchema>;

export const notificationRecordsQuerySchema = z.object({
  /** Entries due before this instant (the previous page's last `dueAt`). */
  before: z.optional(z.iso.datetime({ offset: true })),
});

export const notificationRecordsSchema = z.object({
  records: z.array(notificationRecordSchema),
});

/**
 * What a push message carries, encrypted for one device: the words are the recipient's
 * language, written by the server, and say only that there is something to see.
 */
export const pushPayloadSchema = z.object({
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string(),
  /** The page tapping it opens. */
  path: z.string(),
  lang: z.enum(accountLanguages),
  /** One notification per tag stays on the device: a newer one replaces it. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** Where tapping a notification of each kind takes its reader (pages of `shared/pages.ts`). */
export function notificationPath(kind: NotificationKind): string {
  switch (kind) {
    case 'care-team-answered':
      return '/messages';
    case 'patient-in-queue':
    case 'patient-checked-in':
      return '/queue';
    // Home: the waiting room's bar, the appointment card and the doses due are all there.
    case 'doctor-is-in':
    case 'appointment-booked':
    case 'appointment-moved':
    case 'appointment-cancelled':
    case 'appointment-tomorrow':
    case 'appointment-in-an-hour':
    case 'check-in-open':
    case 'medication-due':
      return '/';
  }
}
