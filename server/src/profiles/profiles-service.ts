import type { OnboardingValues } from '@shared/onboarding';
import type { LinkedClinics, Me, Profile } from '@shared/profile';
import type { Actor } from '../auth/actor';
import type { UsersRepository } from '../auth/users-repository';
import { agentOf, type AuditTrail } from '../audit/audit-trail';
import type { ProfilesRepository } from './profiles-repository';

/** The signed-in person's own account and profile: who they are, and the onboarding answers. */
export function profilesService(deps: {
  users: UsersRepository;
  profiles: ProfilesRepository;
  trail: AuditTrail;
}) {
  return {
    /** The account, the profile (null before onboarding) and the role the app shows. */
    async me(actor: Actor): Promise<Me> {
      const { id } = actor.caller;
      const user = await deps.users.get(id);
      const profile = await deps.profiles.find(id);
      return { user, profile, role: profile?.role ?? 'patient' };
    },

    /** The clinics that care for the caller (Profile → Linked clinics); none for staff. */
    async linkedClinics(actor: Actor): Promise<LinkedClinics> {
      return { clinics: await deps.profiles.clinicsCaringFor(actor.caller.id) };
    },

    /**
     * Saves the caller's own profile from the onboarding answers. The answers carry no role,
     * so nobody chooses or changes their role here.
     */
    async saveOwn(actor: Actor, answers: OnboardingValues): Promise<Profile> {
      const { id } = actor.caller;
      return deps.trail.change(
        () => deps.profiles.saveOwn(id, answers),
        () => ({
          type: 'profile-changed',
          agent: agentOf(actor),
          entity: { type: 'profile', id, subjectId: id },
          // Which answers were given, not what they are: the trail is no second copy of them.
          detail: { fields: Object.keys(answers).sort() },
        }),
      );
    },
  };
}

export type ProfilesService = ReturnType<typeof profilesService>;
