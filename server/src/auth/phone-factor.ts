import { APIError } from 'better-auth/api';

interface PhoneFields {
  phoneNumber?: string | null;
  phoneNumberVerified?: boolean | null;
}

/** The number second-factor codes may go to: only one its owner proved with a texted code. */
export function verifiedPhoneOf(user: object): string | null {
  const { phoneNumber, phoneNumberVerified } = user as PhoneFields;
  return phoneNumber && phoneNumberVerified === true ? phoneNumber : null;
}

export function phoneNotEnrolled(): APIError {
  return new APIError('BAD_REQUEST', {
    code: 'PHONE_NOT_ENROLLED',
    message: 'Add and verify a phone number first.',
  });
}

/**
 * Sign-in codes by text message need a verified phone: turned on without one, the next
 * sign-in would wait for a code that nobody can receive.
 */
export function refuseTextCodesWithoutPhone(user: object): void {
  if (verifiedPhoneOf(user) === null) throw phoneNotEnrolled();
}
