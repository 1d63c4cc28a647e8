import { demoPassword } from '../server/src/auth/demo-users';
import { signInCookie } from './sign-in';

async function post(url: string, path: string, cookie: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`bench ${path} answered ${response.status}`);
  return response.json();
}

/** A few turns between the demo patient and the care team. */
const turns: { from: 'patient' | 'doctor'; content: string }[] = [
  { from: 'patient', content: 'Namaste. I have had a cough and a mild fever for three days.' },
  {
    from: 'doctor',
    content: 'Namaste Sita. How high has the fever been, and are you short of breath?',
  },
  { from: 'patient', content: 'About 38.5 in the evening. No trouble breathing.' },
  {
    from: 'doctor',
    content: 'Drink plenty of water and rest. Paracetamol, 500 mg up to four times a day.',
  },
  { from: 'patient', content: 'Thank you, I will. Should I come to the clinic?' },
  { from: 'doctor', content: 'Not yet. Write again tomorrow, or sooner if it gets worse.' },
];

/** A doctor's answer in Nepali: on an English screen it brings the Devanagari font (about 50 KB). */
const nepaliAnswer = 'पानी धेरै पिउनुहोस् र आराम गर्नुहोस्। ज्वरो बढेमा फेरि सम्पर्क गर्नुहोस्।';

export interface DemoConversation {
  id: string;
  /** Adds a doctor's answer in Nepali to it. */
  answerInNepali: () => Promise<void>;
}

/**
 * The demo patient's care-team conversation with the doctor's answers in it, as the pages the
 * bench opens show it.
 */
export async function demoConversation(url: string): Promise<DemoConversation> {
  const patient = await signInCookie(url, 'patient@example.com', demoPassword);
  const doctor = await signInCookie(url, 'doctor@example.com', demoPassword);
  const answer = (await post(url, '/api/messaging/care-team', patient, {})) as {
    conversation: { id: string };
  };
  const id = answer.conversation.id;
  const send = (cookie: string, content: string) =>
    post(url, `/api/messaging/conversations/${id}/messages`, cookie, {
      id: crypto.randomUUID(),
      content,
    });
  for (const turn of turns) await send(turn.from === 'patient' ? patient : doctor, turn.content);
  return {
    id,
    answerInNepali: async () => {
      await send(doctor, nepaliAnswer);
    },
  };
}
