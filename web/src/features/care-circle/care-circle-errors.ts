import type { TFunction } from 'i18next';
import { careCircleMessages } from '@shared/care-circle';
import { ApiRequestError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-messages';

type CareCircleMessageKey = keyof typeof careCircleMessages | 'emailRequired' | 'emailInvalid';

/** The schema's and the email field's refusals, by the words the schema or the server use. */
const fieldMessages: Readonly<Record<string, string>> = {
  email_required: 'emailRequired',
  invalid_email: 'emailInvalid',
  ...Object.fromEntries(Object.entries(careCircleMessages).map(([key, text]) => [text, key])),
};

/** A form field's refusal (a schema message) in the reader's language; null when none. */
export function careFieldError(t: TFunction, message: string | undefined): string | null {
  if (!message) return null;
  const key = fieldMessages[message] as CareCircleMessageKey | undefined;
  return key ? t(`careCircle.errors.${key}`) : t('careCircle.errors.failed');
}

/**
 * What the server's refusal says, in the reader's language: the domain's refusals are matched
 * by their words (`careCircleMessages`), anything else by its code.
 */
export function careServerError(t: TFunction, error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiRequestError) {
    const key = fieldMessages[error.message] as CareCircleMessageKey | undefined;
    if (key) return t(`careCircle.errors.${key}`);
  }
  return errorMessage(t, error, t('careCircle.errors.failed'));
}
