import { mailDates, type MailLanguage } from '../mail/templates';
import type { Mail } from '../mail/mailer';

/**
 * A phone's security code as a text message: one short line in the reader's language, the
 * code in Latin digits so phones offer to fill it in, and its lifetime in the reader's own
 * digits. Written for a phone, not as a mail: no blank lines, no word of e-mail, and within two
 * parts in either language (a unit test counts them for every lifetime).
 */
const wordings: Record<
  MailLanguage,
  { subject: string; text: (code: string, minutes: number) => string }
> = {
  en: {
    subject: 'Sewa security code',
    text: (code, minutes) =>
      `Sewa: your security code is ${code}. It works once, for ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}. Do not share it with anyone.`,
  },
  ne: {
    subject: 'सेवा सुरक्षा कोड',
    text: (code, minutes) =>
      `सेवा: तपाईंको सुरक्षा कोड ${code} हो। यो एक पटक, ${mailDates.ne.digits(String(minutes))} मिनेटसम्म मात्र चल्छ। कोड कसैलाई नदिनुहोस्।`,
  },
};

/** A phone's code (its second factor, or proving a number); in development it lands in the outbox. */
export function phoneCodeText(
  language: MailLanguage,
  phone: string,
  code: string,
  minutes: number,
): Mail {
  const wording = wordings[language];
  return { to: phone, subject: wording.subject, text: wording.text(code, minutes), html: '' };
}
