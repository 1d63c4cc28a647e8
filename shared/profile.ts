import * as z from 'zod/mini';
import { roleSchema } from './role';

export const genders = ['male', 'female', 'other', 'prefer_not_say'] as const;
export const dateSystems = ['ad', 'bs'] as const;

/** A profile as the API returns it. */
export const profileSchema = z.object({
  id: z.string(),
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
  gender: z.nullable(z.enum(genders)),
  /** The age the person gave, if any. */
  age: z.nullable(z.number()),
  /**
   * Their age on the clinic's today by the one rule (`patient-age.ts`): from the date of birth
   * in either calendar, else the age given; null when neither is known.
   */
  current_age: z.nullable(z.number()),
  date_system: z.nullable(z.enum(dateSystems)),
  dob_ad: z.nullable(z.string()),
  dob_bs: z.nullable(z.string()),
  role: roleSchema,
  avatar_url: z.nullable(z.string()),
});
export type Profile = z.infer<typeof profileSchema>;

/** `GET /api/me`: who is signed in, their profile if they have one, and the role that counts. */
export const meSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    twoFactorEnabled: z.boolean(),
  }),
  profile: z.nullable(profileSchema),
  role: roleSchema,
});
export type Me = z.infer<typeof meSchema>;

/** A clinic that cares for the signed-in person, as Profile → Linked clinics lists it. */
export const linkedClinicSchema = z.object({ id: z.string(), name: z.string() });
export type LinkedClinic = z.infer<typeof linkedClinicSchema>;

/**
 * `GET /api/profile/clinics`: the clinics of the doctors who have prescribed for the caller,
 * seen them in a visit or hold an appointment with them, by name; empty when none has.
 */
export const linkedClinicsSchema = z.object({ clinics: z.array(linkedClinicSchema) });
export type LinkedClinics = z.infer<typeof linkedClinicsSchema>;
