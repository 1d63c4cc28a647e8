import type {
  ClinicAnnouncements,
  ClinicSettings,
  ClinicSettingsInput,
} from '@shared/clinic-settings';
import { clinicToday } from '@shared/clinic-time';
import type { Actor } from '../auth/actor';
import { agentOf, type AuditTrail } from '../audit/audit-trail';
import { AppError } from '../http/app-error';
import { keepsSettings, mayKeepSettings } from './clinic-settings-access';
import type { ClinicSettingsRepository } from './clinic-settings-repository';

const noSuchClinic = () => new AppError('not_found', 'No such clinic.');

/**
 * A clinic's settings, kept by its administrator (the super administrator names any clinic),
 * and the announcements a patient's clinics show on her home.
 */
export function clinicSettingsService(deps: {
  settings: ClinicSettingsRepository;
  trail: AuditTrail;
  /** The clinic an account belongs to (`clinics-repository.ts`); null for none. */
  clinicOf: (userId: string) => Promise<string | null>;
  /** The clinics that care for a patient (Profile → Linked clinics). */
  clinicsCaringFor: (patientId: string) => Promise<{ id: string }[]>;
}) {
  const { settings, trail } = deps;

  /** The clinic the actor may keep: the one named, or an administrator's own. */
  async function keptClinic(actor: Actor, clinicId: string | undefined): Promise<string> {
    if (!keepsSettings(actor)) {
      throw new AppError('forbidden', 'Only a clinic’s administrator keeps its settings.');
    }
    const own = await deps.clinicOf(actor.caller.id);
    const wanted = clinicId ?? own;
    if (wanted === null || !mayKeepSettings(actor, own, wanted)) throw noSuchClinic();
    return wanted;
  }

  return {
    async read(actor: Actor, clinicId?: string): Promise<ClinicSettings> {
      const found = await settings.settings(await keptClinic(actor, clinicId));
      if (!found) throw noSuchClinic();
      return found;
    },

    /** Saves every setting, recorded with the change in one unit of work. */
    async save(
      actor: Actor,
      clinicId: string | undefined,
      input: ClinicSettingsInput,
    ): Promise<ClinicSettings> {
      const id = await keptClinic(actor, clinicId);
      const saved = await trail.change(
        () => settings.save(id, input),
        (made) =>
          made && {
            type: 'clinic-changed',
            agent: agentOf(actor),
            entity: { type: 'clinic', id },
            // Which settings, not the announcement's words: the trail is no second copy.
            detail: {
              settings: true,
              visitMinutes: input.visitMinutes,
              announcement: input.announcement
                ? { from: input.announcement.from, to: input.announcement.to }
                : null,
            },
          },
      );
      if (!saved) throw noSuchClinic();
      return saved;
    },

    /** What the clinics that care for the caller announce today; none for anyone else. */
    async announcements(actor: Actor): Promise<ClinicAnnouncements> {
      const clinics = await deps.clinicsCaringFor(actor.caller.id);
      return {
        announcements: await settings.announcementsOn(
          clinics.map((clinic) => clinic.id),
          clinicToday(),
        ),
      };
    },
  };
}

export type ClinicSettingsService = ReturnType<typeof clinicSettingsService>;
