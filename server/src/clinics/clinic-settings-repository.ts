import { sql, type Kysely } from 'kysely';
import type {
  ClinicAnnouncement,
  ClinicSettings,
  ClinicSettingsInput,
} from '@shared/clinic-settings';
import type { ClinicDay } from '@shared/clinic-time';
import type { Database } from '../db/schema';

const settingsColumns = [
  'id',
  'name',
  'contact_phone',
  'address',
  'visit_minutes',
  'announcement_en',
  'announcement_ne',
  // Clinic days as text: the driver would make a date column a Date at some midnight.
  sql<string | null>`announcement_from::text`.as('announcement_from'),
  sql<string | null>`announcement_to::text`.as('announcement_to'),
] as const;

interface SettingsRow {
  id: string;
  name: string;
  contact_phone: string | null;
  address: string | null;
  visit_minutes: number;
  announcement_en: string | null;
  announcement_ne: string | null;
  announcement_from: string | null;
  announcement_to: string | null;
}

function toSettings(row: SettingsRow): ClinicSettings {
  const { announcement_en: en, announcement_ne: ne } = row;
  const { announcement_from: from, announcement_to: to } = row;
  return {
    clinicId: row.id,
    name: row.name,
    contactPhone: row.contact_phone ?? '',
    address: row.address ?? '',
    visitMinutes: row.visit_minutes,
    announcement:
      en !== null && ne !== null && from !== null && to !== null ? { en, ne, from, to } : null,
  };
}

/** A clinic's settings and its announcement (`0028-clinic-settings`). */
export function clinicSettingsRepository(db: Kysely<Database>) {
  return {
    async settings(clinicId: string): Promise<ClinicSettings | null> {
      const row = await db
        .selectFrom('clinics')
        .select(settingsColumns)
        .where('id', '=', clinicId)
        .executeTakeFirst();
      return row ? toSettings(row) : null;
    },

    /** Saves every setting at once; null when there is no such clinic. */
    async save(clinicId: string, input: ClinicSettingsInput): Promise<ClinicSettings | null> {
      const row = await db
        .updateTable('clinics')
        .set({
          name: input.name,
          contact_phone: input.contactPhone || null,
          address: input.address || null,
          visit_minutes: input.visitMinutes,
          announcement_en: input.announcement?.en ?? null,
          announcement_ne: input.announcement?.ne ?? null,
          announcement_from: input.announcement?.from ?? null,
          announcement_to: input.announcement?.to ?? null,
        })
        .where('id', '=', clinicId)
        .returning(settingsColumns)
        .executeTakeFirst();
      return row ? toSettings(row) : null;
    },

    /** The announcements of these clinics that show on `today`, by clinic name. */
    async announcementsOn(
      clinicIds: readonly string[],
      today: ClinicDay,
    ): Promise<ClinicAnnouncement[]> {
      if (clinicIds.length === 0) return [];
      const rows = await db
        .selectFrom('clinics')
        .select(settingsColumns)
        .where('id', 'in', [...clinicIds])
        .where('announcement_from', '<=', today)
        .where('announcement_to', '>=', today)
        .orderBy('name')
        .orderBy('id')
        .execute();
      return rows.flatMap((row) => {
        const settings = toSettings(row);
        if (!settings.announcement) return [];
        const { en, ne, to } = settings.announcement;
        return [
          {
            clinicId: settings.clinicId,
            clinicName: settings.name,
            contactPhone: settings.contactPhone,
            en,
            ne,
            to,
          },
        ];
      });
    },
  };
}

export type ClinicSettingsRepository = ReturnType<typeof clinicSettingsRepository>;
