import * as z from 'zod/mini';
import type { ServerErrorCode } from './api-error';

/** A clinic key as people type it: compared trimmed and uppercased. */
export function normalizeClinicKey(raw: string): string {
  return raw.trim().toUpperCase();
}

/** `POST /api/clinic/verify`: is this key one of the server's CLINIC_KEYS? */
export const verifyClinicKeySchema = z.object({
  clinicKey: z
    .string()
    .check(z.trim(), z.toUpperCase(), z.minLength(1, 'Please enter a clinic key')),
});
export type VerifyClinicKey = z.infer<typeof verifyClinicKeySchema>;

export const verifyClinicKeyResultSchema = z.object({ ok: z.literal(true) });
export type VerifyClinicKeyResult = z.infer<typeof verifyClinicKeyResultSchema>;

/** The error code of a key that is not in the allowed list. */
export const invalidClinicKeyCode = 'invalid_clinic_key' satisfies ServerErrorCode;

/** The name a clinic device shows when none was given. */
export const defaultClinicName = 'Development Clinic';
