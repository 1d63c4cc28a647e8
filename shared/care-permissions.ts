import * as z from 'zod/mini';

/**
 * What a grant of the care circle holds, with nothing else: the chart and every screen that
 * names a relationship or a permission read it without the invitation forms' calendar.
 */

/** How the caregiver is related to the patient, in the patient's words. */
export const relationships = ['spouse', 'son', 'daughter', 'parent', 'sibling', 'other'] as const;
export type Relationship = (typeof relationships)[number];

/**
 * What a caregiver may do for the patient. `record`: see the health record. `message`: write
 * to the care team for them. `visits`: book appointments and join visits for them.
 */
export const carePermissions = ['record', 'message', 'visits'] as const;
export type CarePermission = (typeof carePermissions)[number];

export const carePermissionsSchema = z.object({
  record: z.boolean(),
  message: z.boolean(),
  visits: z.boolean(),
});
export type CarePermissions = z.infer<typeof carePermissionsSchema>;

/**
 * The request header naming the patient a caregiver acts for. The server never takes it as a
 * grant: every check asks the care circle whether the caller holds one for that patient, on
 * every request, so removed access ends at the next one.
 */
export const actingForHeader = 'sewa-acting-for';

export const actingForSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/));
