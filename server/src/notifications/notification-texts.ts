import { clinicDayOf } from '@shared/clinic-time';
import { englishDateWords, type DateWords } from '@shared/date-words';
import { nepaliDateWords } from '@shared/nepali-date-words';
import type { AccountLanguage, NotificationKind } from '@shared/notifications';

/**
 * What each notification says, in the recipient's language. Only that there is something to
 * see, and for an appointment its time: never a diagnosis, a medicine, a doctor's or patient's
 * name, nor a message's words, since a lock screen shows all of it to whoever holds the phone.
 * Each text fits two text-message parts (a unit test counts them).
 */
interface Wording {
  /** The push notification's title. */
  title: string;
  /** The push notification's body, and the text message with the app's name before it. */
  body: (when: When) => string;
}

/** An appointment's clinic day and time, in the language's words; empty for other kinds. */
interface When {
  dayAndTime: string;
  time: string;
}

const wordings: Record<AccountLanguage, Record<NotificationKind, Wording>> = {
  en: {
    'care-team-answered': {
      title: 'New reply',
      body: () => 'Your care team has replied. Open Sewa to read it.',
    },
    'doctor-is-in': {
      title: 'Your doctor is in',
      body: () => 'Your doctor is waiting for you in Sewa. Open the app to join.',
    },
    'appointment-booked': {
      title: 'Appointment booked',
      body: ({ dayAndTime }) => `Your appointment is booked for ${dayAndTime}.`,
    },
    'appointment-moved': {
      title: 'Appointment moved',
      body: ({ dayAndTime }) => `Your appointment has moved to ${dayAndTime}.`,
    },
    'appointment-cancelled': {
      title: 'Appointment cancelled',
      body: ({ dayAndTime }) => `Your appointment on ${dayAndTime} is cancelled.`,
    },
    'appointment-tomorrow': {
      title: 'Appointment tomorrow',
      body: ({ time }) => `Reminder: your appointment is tomorrow at ${time}.`,
    },
    'appointment-in-an-hour': {
      title: 'Appointment in an hour',
      body: ({ time }) => `Reminder: your appointment is in one hour, at ${time}.`,
    },
    'check-in-open': {
      title: 'Check-in is open',
      body: ({ time }) =>
        `Check-in is open for your appointment at ${time}. Open Sewa to check in.`,
    },
    'medication-due': {
      title: 'Time for your medicines',
      body: () => 'It is time for your medicines. Open Sewa to mark them taken.',
    },
    'patient-in-queue': {
      title: 'Patient waiting',
      body: () => 'A patient is waiting in your queue in Sewa.',
    },
    'patient-checked-in': {
      title: 'Patient checked in',
      body: () => 'A patient has checked in for their appointment in Sewa.',
    },
  },
  ne: {
    'care-team-answered': {
      title: 'नयाँ जवाफ',
      body: () => 'तपाईंको हेरचाह टोलीले जवाफ दिएको छ। पढ्न सेवा खोल्नुहोस्।',
    },
    'doctor-is-in': {
      title: 'डाक्टर आइपुग्नुभयो',
      body: () => 'तपाईंको डाक्टर सेवामा तपाईंलाई पर्खिरहनुभएको छ। जोडिन एप खोल्नुहोस्।',
    },
    'appointment-booked': {
      title: 'अपोइन्टमेन्ट बुक भयो',
      body: ({ dayAndTime }) => `तपाईंको अपोइन्टमेन्ट ${dayAndTime} बजेका लागि बुक भयो।`,
    },
    'appointment-moved': {
      title: 'अपोइन्टमेन्ट सारियो',
      body: ({ dayAndTime }) => `तपाईंको अपोइन्टमेन्ट ${dayAndTime} बजेमा सारिएको छ।`,
    },
    'appointment-cancelled': {
      title: 'अपोइन्टमेन्ट रद्द भयो',
      body: ({ dayAndTime }) => `${dayAndTime} बजेको तपाईंको अपोइन्टमेन्ट रद्द भयो।`,
    },
    'appointment-tomorrow': {
      title: 'भोलि अपोइन्टमेन्ट',
      body: ({ time }) => `सम्झना: तपाईंको अपोइन्टमेन्ट भोलि ${time} बजे छ।`,
    },
    'appointment-in-an-hour': {
      title: 'एक घण्टामा अपोइन्टमेन्ट',
      body: ({ time }) => `सम्झना: तपाईंको अपोइन्टमेन्ट एक घण्टापछि, ${time} बजे छ।`,
    },
    'check-in-open': {
      title: 'चेक इन खुल्यो',
      body: ({ time }) => `${time} बजेको अपोइन्टमेन्टका लागि चेक इन खुल्यो। सेवा खोल्नुहोस्।`,
    },
    'medication-due': {
      title: 'औषधि खाने समय',
      body: () => 'औषधि खाने समय भयो। खाएको चिनो लगाउन सेवा खोल्नुहोस्।',
    },
    'patient-in-queue': {
      title: 'बिरामी पर्खिरहनुभएको छ',
      body: () => 'सेवामा तपाईंको लाममा एक बिरामी पर्खिरहनुभएको छ।',
    },
    'patient-checked-in': {
      title: 'बिरामीले चेक इन गर्नुभयो',
      body: () => 'एक बिरामीले सेवामा आफ्नो अपोइन्टमेन्टका लागि चेक इन गर्नुभयो।',
    },
  },
};

const dateWords: Record<AccountLanguage, DateWords> = { en: englishDateWords, ne: nepaliDateWords };

/** The app's name at the start of a text message, so the reader knows who writes. */
const smsSender: Record<AccountLanguage, string> = { en: 'Sewa', ne: 'सेवा' };

export interface NotificationText {
  title: string;
  body: string;
  /** The text message: the body after the app's name. */
  sms: string;
}

/** The words of one notification; `appointmentStartsAt` for the appointment kinds. */
export function notificationText(
  kind: NotificationKind,
  language: AccountLanguage,
  appointmentStartsAt: Date | null,
): NotificationText {
  const words = dateWords[language];
  const when: When = appointmentStartsAt
    ? {
        dayAndTime: `${words.weekdayAndDay(clinicDayOf(appointmentStartsAt))}, ${words.time(appointmentStartsAt)}`,
        time: words.time(appointmentStartsAt),
      }
    : { dayAndTime: '', time: '' };
  const wording = wordings[language][kind];
  const body = wording.body(when);
  return { title: wording.title, body, sms: `${smsSender[language]}: ${body}` };
}
