import * as z from 'zod/mini';

/** The second factors: an authenticator app, a phone number, a passkey. */
export const factorTypes = ['totp', 'phone', 'webauthn'] as const;
export const factorTypeSchema = z.enum(factorTypes);
export type FactorType = z.infer<typeof factorTypeSchema>;

/** One enrolled factor as `GET /api/mfa/factors` lists it; only verified factors are listed. */
export const factorSchema = z.object({
  id: z.string(),
  factor_type: factorTypeSchema,
  /** The phone number, the passkey's name, or the authenticator's issuer. */
  friendly_name: z.string(),
  status: z.literal('verified'),
  /** ISO time of enrolment; null where the account system keeps no date (totp, phone). */
  created_at: z.nullable(z.string()),
});
export type Factor = z.infer<typeof factorSchema>;

export const factorListSchema = z.array(factorSchema);

/** Turning a second step on or off asks for the account password. */
export const passwordConfirmationSchema = z.object({
  password: z.string().check(z.minLength(1)),
});

/** `DELETE /api/mfa/factors/:id`: which factor; an id the caller has none of answers 404. */
export const factorIdParamsSchema = z.object({ id: z.string() });

/** `DELETE /api/mfa/factors/:id`: removing a factor weakens sign-in. */
export const deleteFactorSchema = passwordConfirmationSchema;
export type DeleteFactorInput = z.infer<typeof deleteFactorSchema>;

/** A phone number in E.164 form, e.g. +9779812345678 (the server checks the same pattern). */
export const phoneNumberSchema = z.string().check(z.regex(/^\+[1-9]\d{7,14}$/));

/** The six-digit codes of authenticator apps and text messages. */
export const sixDigitCodeSchema = z.string().check(z.regex(/^\d{6}$/));

export const verifyTotpSchema = z.object({ code: sixDigitCodeSchema });
export const sendPhoneCodeSchema = z.object({ phoneNumber: phoneNumberSchema });
export const verifyPhoneSchema = z.object({
  phoneNumber: phoneNumberSchema,
  code: sixDigitCodeSchema,
});

/** The secret of an `otpauth://` URI, for people who type it instead of scanning. */
export function secretOfOtpauthUri(uri: string): string | null {
  try {
    return new URL(uri).searchParams.get('secret');
  } catch {
    return null;
  }
}
