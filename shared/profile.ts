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
