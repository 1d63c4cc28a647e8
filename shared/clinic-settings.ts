import * as z from 'zod/mini';
import { clinicDaySchema } from './clinic-time';

/**
 * A clinic's own settings (`GET`/`PUT /api/clinic-settings`), kept by its administrator: its
 * name, how patients reach it, the visit length its doctors' hours start from, and the
 * announcement its patients read on their home (`GET /api/announcements`), in English and
 * Nepali, from one clinic day to another.
 */

/** The refusals of the settings, word for word; the page shows them in the reader's language. */
export const clinicSettingsMessages = {
  nameRequired: 'Please enter the clinic’s name',
  phoneInvalid: 'Please enter a phone number of 7 to 15 digits, with + for a country code',
  visitMinutes: 'A visit lasts 5 to 120 minutes',
  announcementBoth: 'Write the announcement in English and in Nepali',
  announcementDays: 'Give the first and last day the announcement shows',
  announcementOrder: 'The last day cannot come before the first',
} as const;

export const visitMinutesLimits = { min: 5, max: 120 } as const;

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));

/** A phone number as a clinic writes it: digits with spaces or hyphens, a leading + allowed. */
const contactPhone = z.string(clinicSettingsMessages.phoneInvalid).check(
  z.trim(),
  z.refine(
    (value) => value === '' || /^\+?[\d\s-]{7,20}$/.test(value),
    clinicSettingsMessages.phoneInvalid,
  ),
  z.refine((value) => {
    const digits = value.replace(/\D/g, '').length;
    return value === '' || (digits >= 7 && digits <= 15);
  }, clinicSettingsMessages.phoneInvalid),
);

export const announcementSchema = z
  .object({
    en: text(500),
    ne: text(500),
    from: clinicDaySchema,
    to: clinicDaySchema,
  })
  .check(
    z.refine(
      (announcement) => announcement.en !== '' && announcement.ne !== '',
      clinicSettingsMessages.announcementBoth,
    ),
    z.refine(
      (announcement) => announcement.from <= announcement.to,
      clinicSettingsMessages.announcementOrder,
    ),
  );
export type Announcement = z.infer<typeof announcementSchema>;

/** What the administrator saves; '' for a contact left out, null for no announcement. */
export const clinicSettingsInputSchema = z.object({
  name: z
    .string(clinicSettingsMessages.nameRequired)
    .check(z.trim(), z.minLength(1, clinicSettingsMessages.nameRequired), z.maxLength(120)),
  contactPhone,
  address: text(300),
  visitMinutes: z
    .number(clinicSettingsMessages.visitMinutes)
    .check(
      z.int(clinicSettingsMessages.visitMinutes),
      z.minimum(visitMinutesLimits.min, clinicSettingsMessages.visitMinutes),
      z.maximum(visitMinutesLimits.max, clinicSettingsMessages.visitMinutes),
    ),
  announcement: z.nullable(announcementSchema),
});
export type ClinicSettingsInput = z.infer<typeof clinicSettingsInputSchema>;

export const clinicSettingsSchema = z.object({
  clinicId: z.string(),
  name: z.string(),
  contactPhone: z.string(),
  address: z.string(),
  visitMinutes: z.number(),
  announcement: z.nullable(
    z.object({ en: z.string(), ne: z.string(), from: z.string(), to: z.string() }),
  ),
});
export type ClinicSettings = z.infer<typeof clinicSettingsSchema>;

/** Whose settings: an administrator's own clinic when absent; the super administrator names one. */
export const clinicSettingsQuerySchema = z.object({
  clinicId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});

/** An announcement as a patient's home shows it: from which clinic, in both languages. */
export const clinicAnnouncementSchema = z.object({
  clinicId: z.string(),
  clinicName: z.string(),
  contactPhone: z.string(),
  en: z.string(),
  ne: z.string(),
  to: z.string(),
});
export type ClinicAnnouncement = z.infer<typeof clinicAnnouncementSchema>;

export const clinicAnnouncementsSchema = z.object({
  announcements: z.array(clinicAnnouncementSchema),
});
export type ClinicAnnouncements = z.infer<typeof clinicAnnouncementsSchema>;
