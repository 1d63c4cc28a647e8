import { englishDateWords, type DateWords } from '@shared/date-words';
import { nepaliDateWords } from '@shared/nepali-date-words';
import type { Role } from '@shared/role';
import type { Mail } from './mailer';

export type MailLanguage = 'en' | 'ne';

/**
 * Dates, times and their digits in a mail's language, in clinic time: the web app's own
 * words, so a mail and a screen say the same.
 */
export const mailDates: Record<MailLanguage, DateWords> = {
  en: englishDateWords,
  ne: nepaliDateWords,
};

/** The app sends its chosen language as Accept-Language; mail follows it. */
export function mailLanguage(acceptLanguage: string | null | undefined): MailLanguage {
  return acceptLanguage?.trim().toLowerCase().startsWith('ne') ? 'ne' : 'en';
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

interface Parts {
  subject: string;
  lines: string[];
  link?: { url: string; label: string };
  code?: string;
  footer: string;
}

/** Plain text first (the link alone on its line), and a simple HTML twin. */
function compose(to: string, parts: Parts): Mail {
  const text = [
    ...parts.lines,
    '',
    ...(parts.code ? [parts.code, ''] : []),
    ...(parts.link ? [parts.link.url, ''] : []),
    parts.footer,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">
${parts.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${parts.code ? `<p style="font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(parts.code)}</p>` : ''}
${parts.link ? `<p><a href="${escapeHtml(parts.link.url)}">${escapeHtml(parts.link.label)}</a></p>` : ''}
<p style="color:#64748b">${escapeHtml(parts.footer)}</p>
</body></html>`;
  return { to, subject: parts.subject, text, html };
}

/** A code's lifetime as a Nepali reader reads it: Devanagari digits. */
const nepaliMinutes = (minutes: number) => mailDates.ne.digits(String(minutes));

const copy = {
  en: {
    ignore: 'If you did not ask for this, you can ignore this mail.',
    verify: {
      subject: 'Confirm your Sewa account',
      lines: ['Welcome to Sewa.', 'Open this link to confirm your e-mail address:'],
      label: 'Confirm my account',
    },
    oneTime: {
      subject: 'Your Sewa sign-in code',
      lines: (minutes: number) => [
        `Your sign-in code is below. It works once, for ${minutes} minutes.`,
        'Type it on the sign-in page, or open the link to sign in on this device:',
      ],
      label: 'Sign in to Sewa',
    },
    reset: {
      subject: 'Reset your Sewa password',
      lines: (minutes: number) => [
        'Someone asked to reset the password of your Sewa account.',
        `Open this link to choose a new password. It works once, for ${minutes} minutes:`,
      ],
      label: 'Choose a new password',
    },
    careInvitation: {
      subject: (inviter: string) => `${inviter} invites you to their care circle on Sewa`,
      lines: (inviter: string, days: number) => [
        `${inviter} asks you to help with their care on Sewa.`,
        `Open this link within ${days} days to see what they share with you and accept. If you have no Sewa account yet, you can create one from it.`,
      ],
      label: 'See the invitation',
    },
    dependentLogin: {
      subject: (guardian: string) => `${guardian} invites you to sign in to Sewa yourself`,
      lines: (guardian: string, days: number) => [
        `${guardian} has looked after you on Sewa, and now you can have your own login.`,
        `Open this link within ${days} days to choose your password.`,
      ],
      label: 'Create my login',
    },
    staffInvitation: {
      subject: 'You are invited to work on Sewa',
      lines: (role: string, clinic: string | null, days: number) => [
        clinic
          ? `You are invited to join ${clinic} on Sewa as ${role}.`
          : `You are invited to join Sewa as ${role}.`,
        `Open this link within ${days} days to choose your password. It works once.`,
      ],
      label: 'Choose my password',
      roles: {
        patient: 'a patient',
        doctor: 'a doctor',
        manager: 'a manager',
        admin: 'an admin',
        superadmin: 'a super administrator',
        researcher: 'a researcher',
      },
    },
    secondFactorReset: {
      subject: 'Your Sewa second factor was reset',
      lines: [
        'An administrator reset the second factor of your Sewa account: your authenticator app, phone and passkeys no longer sign you in.',
        'Sign in with your password, then set up a second factor again from your profile.',
      ],
      footer: 'If you did not ask your administrator for this, tell them at once.',
    },
  },
  ne: {
    ignore: 'तपाईंले यो अनुरोध गर्नुभएको होइन भने यो इमेललाई बेवास्ता गर्न सक्नुहुन्छ।',
    verify: {
      subject: 'आफ्नो सेवा खाता पुष्टि गर्नुहोस्',
      lines: ['सेवामा स्वागत छ।', 'आफ्नो इमेल ठेगाना पुष्टि गर्न यो लिङ्क खोल्नुहोस्:'],
      label: 'मेरो खाता पुष्टि गर्नुहोस्',
    },
    oneTime: {
      subject: 'तपाईंको सेवा साइन-इन कोड',
      lines: (minutes: number) => [
        `तपाईंको साइन-इन कोड तल छ। यो एक पटक, ${nepaliMinutes(minutes)} मिनेटसम्म मात्र चल्छ।`,
        'साइन-इन पृष्ठमा टाइप गर्नुहोस्, वा यही उपकरणमा साइन इन गर्न लिङ्क खोल्नुहोस्:',
      ],
      label: 'सेवामा साइन इन गर्नुहोस्',
    },
    reset: {
      subject: 'आफ्नो सेवा पासवर्ड रिसेट गर्नुहोस्',
      lines: (minutes: number) => [
        'कसैले तपाईंको सेवा खाताको पासवर्ड रिसेट गर्न अनुरोध गर्नुभयो।',
        `नयाँ पासवर्ड छान्न यो लिङ्क खोल्नुहोस्। यो एक पटक, ${nepaliMinutes(minutes)} मिनेटसम्म मात्र चल्छ:`,
      ],
      label: 'नयाँ पासवर्ड छान्नुहोस्',
    },
    careInvitation: {
      subject: (inviter: string) => `${inviter}ले तपाईंलाई सेवामा आफ्नो हेरचाह समूहमा निम्त्याउनुभएको छ`,
      lines: (inviter: string, days: number) => [
        `${inviter}ले सेवामा आफ्नो हेरचाहमा सहयोग गर्न तपाईंलाई अनुरोध गर्नुभएको छ।`,
        `उहाँले तपाईंसँग के साझा गर्नुहुन्छ हेर्न र स्वीकार गर्न ${mailDates.ne.digits(String(days))} दिनभित्र यो लिङ्क खोल्नुहोस्। सेवा खाता छैन भने यहीँबाट बनाउन सक्नुहुन्छ।`,
      ],
      label: 'निम्तो हेर्नुहोस्',
    },
    dependentLogin: {
      subject: (guardian: string) => `${guardian}ले तपाईंलाई सेवामा आफैँ साइन इन गर्न निम्त्याउनुभएको छ`,
      lines: (guardian: string, days: number) => [
        `${guardian}ले सेवामा तपाईंको हेरचाह गर्दै आउनुभएको छ, अब तपाईंको आफ्नै लगइन हुन सक्छ।`,
        `आफ्नो पासवर्ड छान्न ${mailDates.ne.digits(String(days))} दिनभित्र यो लिङ्क खोल्नुहोस्।`,
      ],
      label: 'मेरो लगइन बनाउनुहोस्',
    },
    staffInvitation: {
      subject: 'तपाईंलाई सेवामा काम गर्न निम्तो छ',
      lines: (role: string, clinic: string | null, days: number) => [
        clinic
          ? `तपाईंलाई सेवामा ${clinic}मा ${role}का रूपमा सामेल हुन निम्तो छ।`
          : `तपाईंलाई सेवामा ${role}का रूपमा सामेल हुन निम्तो छ।`,
        `आफ्नो पासवर्ड छान्न ${mailDates.ne.digits(String(days))} दिनभित्र यो लिङ्क खोल्नुहोस्। यो एक पटक मात्र चल्छ।`,
      ],
      label: 'मेरो पासवर्ड छान्नुहोस्',
      roles: {
        patient: 'बिरामी',
        doctor: 'डाक्टर',
        manager: 'व्यवस्थापक',
        admin: 'प्रशासक',
        superadmin: 'सुपर प्रशासक',
        researcher: 'अनुसन्धानकर्ता',
      },
    },
    secondFactorReset: {
      subject: 'तपाईंको सेवा दोस्रो प्रमाण रिसेट गरियो',
      lines: [
        'एक प्रशासकले तपाईंको सेवा खाताको दोस्रो प्रमाण रिसेट गर्नुभयो: तपाईंको प्रमाणीकरण एप, फोन र पासकीले अब साइन इन गराउँदैनन्।',
        'आफ्नो पासवर्डले साइन इन गर्नुहोस्, अनि प्रोफाइलबाट फेरि दोस्रो प्रमाण सेट गर्नुहोस्।',
      ],
      footer: 'तपाईंले प्रशासकलाई यो अनुरोध गर्नुभएको होइन भने तुरुन्तै उहाँलाई भन्नुहोस्।',
    },
  },
} as const;

export function verificationMail(language: MailLanguage, to: string, url: string): Mail {
  const text = copy[language];
  return compose(to, {
    subject: text.verify.subject,
    lines: [...text.verify.lines],
    link: { url, label: text.verify.label },
    footer: text.ignore,
  });
}

export function oneTimeCodeMail(
  language: MailLanguage,
  to: string,
  code: string,
  url: string,
  minutes: number,
): Mail {
  const text = copy[language];
  return compose(to, {
    subject: text.oneTime.subject,
    lines: text.oneTime.lines(minutes),
    code,
    link: { url, label: text.oneTime.label },
    footer: text.ignore,
  });
}

export function resetPasswordMail(
  language: MailLanguage,
  to: string,
  url: string,
  minutes: number,
): Mail {
  const text = copy[language];
  return compose(to, {
    subject: text.reset.subject,
    lines: text.reset.lines(minutes),
    link: { url, label: text.reset.label },
    footer: text.ignore,
  });
}

/** The care circle's two mails: who sends it, and the link, never health details. */
type CareCircleMail = 'careInvitation' | 'dependentLogin';

/**
 * A care circle's mail: `careInvitation`, to care for the patient who sends it;
 * `dependentLogin`, a dependent's own login, sent by their guardian.
 */
export function careCircleMail(
  kind: CareCircleMail,
  language: MailLanguage,
  to: string,
  sender: string,
  url: string,
  days: number,
): Mail {
  const text = copy[language];
  const words = text[kind];
  return compose(to, {
    subject: words.subject(sender),
    lines: words.lines(sender, days),
    link: { url, label: words.label },
    footer: text.ignore,
  });
}

/** A staff member's invitation: the role and clinic they are invited to, and the link. */
export function staffInvitationMail(
  language: MailLanguage,
  to: string,
  role: Role,
  clinic: string | null,
  url: string,
  days: number,
): Mail {
  const text = copy[language];
  const words = text.staffInvitation;
  return compose(to, {
    subject: words.subject,
    lines: words.lines(words.roles[role], clinic, days),
    link: { url, label: words.label },
    footer: text.ignore,
  });
}

/** Tells a person an administrator reset their second factor. */
export function secondFactorResetMail(language: MailLanguage, to: string): Mail {
  const words = copy[language].secondFactorReset;
  return compose(to, { subject: words.subject, lines: [...words.lines], footer: words.footer });
}
