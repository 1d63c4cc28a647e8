import type { Kysely } from 'kysely';
import { accountLanguages, type AccountLanguage } from '@shared/notifications';
import { secondFactorTables } from '../auth/better-auth';
import type { Database } from '../db/schema';

/** What the notifier needs to know about a recipient before it sends anything. */
export interface RecipientSettings {
  texts: boolean;
  medicationReminders: boolean;
  /** Quiet hours on the clinic's clock, in minutes since midnight. */
  quietStartMinute: number;
  quietEndMinute: number;
  language: AccountLanguage;
  /** The number the person proved with a texted code; texts go nowhere else. */
  phoneNumber: string | null;
}

export type RecipientSettingsChange = Partial<Omit<RecipientSettings, 'phoneNumber'>>;

/** A person who never chose: texts on, medication reminders off, quiet 21:00–07:00, English. */
export const defaultRecipientSettings: Omit<RecipientSettings, 'phoneNumber'> = {
  texts: true,
  medicationReminders: false,
  quietStartMinute: 21 * 60,
  quietEndMinute: 7 * 60,
  language: 'en',
};

function languageOf(stored: string): AccountLanguage {
  return (accountLanguages as readonly string[]).includes(stored)
    ? (stored as AccountLanguage)
    : 'en';
}

/** A person's notification choices; no row means the defaults. */
export function notificationSettingsRepository(db: Kysely<Database>) {
  const phones = secondFactorTables(db);

  async function choices(userId: string): Promise<Omit<RecipientSettings, 'phoneNumber'>> {
    const row = await db
      .selectFrom('notification_settings')
      .select([
        'texts',
        'medication_reminders',
        'quiet_start_minute',
        'quiet_end_minute',
        'language',
      ])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return { ...defaultRecipientSettings };
    return {
      texts: row.texts,
      medicationReminders: row.medication_reminders,
      quietStartMinute: row.quiet_start_minute,
      quietEndMinute: row.quiet_end_minute,
      language: languageOf(row.language),
    };
  }

  async function forRecipient(userId: string): Promise<RecipientSettings> {
    const [chosen, phoneNumber] = await Promise.all([
      choices(userId),
      phones.verifiedPhoneOf(userId),
    ]);
    return { ...chosen, phoneNumber };
  }

  return {
    forRecipient,

    /** The language the person chose for their account; null when they never chose. */
    async storedLanguage(userId: string): Promise<AccountLanguage | null> {
      const row = await db
        .selectFrom('notification_settings')
        .select('language')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? languageOf(row.language) : null;
    },

    /** Changes what is given and keeps the rest (the defaults for a first change). */
    async update(userId: string, change: RecipientSettingsChange): Promise<RecipientSettings> {
      const columns = {
        ...(change.texts !== undefined && { texts: change.texts }),
        ...(change.medicationReminders !== undefined && {
          medication_reminders: change.medicationReminders,
        }),
        ...(change.quietStartMinute !== undefined && {
          quiet_start_minute: change.quietStartMinute,
        }),
        ...(change.quietEndMinute !== undefined && { quiet_end_minute: change.quietEndMinute }),
        ...(change.language !== undefined && { language: change.language }),
      };
      await db
        .insertInto('notification_settings')
        .values({ user_id: userId, ...columns })
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet({ ...columns, updated_at: new Date() }),
        )
        .execute();
      return forRecipient(userId);
    },
  };
}

export type NotificationSettingsRepository = ReturnType<typeof notificationSettingsRepository>;
