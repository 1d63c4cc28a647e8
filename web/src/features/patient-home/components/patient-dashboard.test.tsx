import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toaster';
import { activeEncounter } from '@/lib/active-encounter';
import { outbox } from '@/lib/outbox';
import { i18n } from '@/lib/i18n';
import type { Appointment, ClinicHours } from '@shared/appointments';
import { addClinicDays, clinicMoment, clinicToday } from '@shared/clinic-time';
import { latestVitals, type LatestVitals, type VitalsReading } from '@shared/vitals';
import type { JoinVisitRequest } from './appointment-card';
import { DoctorWaitingBar } from './doctor-waiting-bar';
import { PatientDashboard } from './patient-dashboard';
import type { LatestConversation } from './latest-conversation-card';
import type { DoseDue } from './medications-card';

afterEach(async () => {
  act(() => activeEncounter.set(null));
  await i18n.changeLanguage('en');
});

const reading = (values: Partial<VitalsReading>, takenAt: string): VitalsReading => ({
  id: crypto.randomUUID(),
  takenAt,
  recordedAt: takenAt,
  recordedBy: { id: 'patient-1', role: 'patient', name: 'Sita Sharma' },
  flags: [],
  ...values,
});

/** Sita's readings: the latest of each measure is what the home shows. */
const sitasVitals = latestVitals([
  reading({ heartRate: 72, oxygenSaturation: 98 }, '2026-11-20T03:00:00Z'),
  reading({ heartRate: 80, weight: 65 }, '2026-11-19T03:00:00Z'),
  reading({ weight: 64.2, systolic: 118, diastolic: 76 }, '2026-11-19T04:00:00Z'),
]);

/** Sita's doses of today as the page hands them in: 08:00 and 21:00 clinic time. */
const sitasDoses: DoseDue[] = [
  {
    key: 'm1:2026-11-20:morning',
    medicine: 'Amlodipine 5 mg',
    dose: { amount: 1, form: 'tablet' },
    writtenDose: null,
    food: 'after',
    timeOfDay: 'morning',
    note: 'With water',
    at: '2026-11-20T02:15:00Z',
    taken: false,
  },
  {
    key: 'm2:2026-11-20:night',
    medicine: 'Atorvastatin 10 mg',
    dose: { amount: 1, form: 'tablet' },
    writtenDose: null,
    food: 'any',
    timeOfDay: 'night',
    note: null,
    at: '2026-11-20T15:15:00Z',
    taken: false,
  },
];

/** Sita's next appointment: booked well ahead, so check-in is not open yet. */
const sitasAppointment: Appointment = {
  id: '6f1c2d4e-0000-4000-8000-0000000000a1',
  status: 'booked',
  patientId: 'patient-1',
  patientName: 'Sita Sharma',
  doctorId: 'doctor-1',
  doctorName: 'Dr. Ram Thapa',
  startsAt: '2099-01-05T04:45:00.000Z',
  endsAt: '2099-01-05T05:00:00.000Z',
  day: '2099-01-05',
  time: '10:30',
  reason: 'Blood pressure review',
  checkInOpensAt: '2099-01-05T04:15:00.000Z',
  visitId: null,
  checkedInAt: null,
};

/** The dashboard with doses whose "Taken" the page records, as the home page does. */
function DashboardWithDoses({
  initialDoses,
  ...props
}: Omit<Parameters<typeof PatientDashboard>[0], 'doses' | 'onDoseTaken'> & {
  initialDoses: DoseDue[] | 'loading';
}) {
  const [doses, setDoses] = useState(initialDoses);
  const taken = (dose: DoseDue) =>
    setDoses((before) =>
      before === 'loading'
        ? before
        : before.map((each) => (each.key === dose.key ? { ...each, taken: true } : each)),
    );
  return <PatientDashboard {...props} doses={doses} onDoseTaken={taken} />;
}

function renderDashboard(
  latestConversation?: LatestConversation | null | 'loading',
  onJoinVisit?: (request: JoinVisitRequest) => void,
  vitals: LatestVitals | 'loading' = sitasVitals,
  doses: DoseDue[] | 'loading' = sitasDoses,
) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <DashboardWithDoses
        firstName="Sita"
        latestConversation={latestConversation}
        vitals={vitals}
        initialDoses={doses}
        onJoinVisit={onJoinVisit}
        appointment={sitasAppointment}
      />
      {/* The protected shell shows the bar wherever the patient is. */}
      <DoctorWaitingBar />
      {/* A fixed theme: jsdom has no matchMedia for the system one. */}
      <Toaster theme="light" />
    </QueryClientProvider>,
  );
}

/** Toasts outlive a test in sonner's own store, so a toast counts only if it is the newest. */
let toastsSeen = 0;
async function expectNewToast(text: string) {
  expect(await screen.findAllByText(text)).not.toHaveLength(0);
  const history = toast.getHistory();
  expect(history.length).toBeGreaterThan(toastsSeen);
  expect(history.at(-1)).toMatchObject({ title: text });
  toastsSeen = history.length;
}

const card = (name: string) => screen.getByRole('region', { name });

describe('patient dashboard', () => {
  it('holds the latest-conversation card while the list loads, without saying there is none', () => {
    renderDashboard('loading');
    const latest = card('Latest conversation');
    expect(latest).toHaveAttribute('aria-busy', 'true');
    expect(within(latest).queryByText(/No conversations yet/)).toBeNull();
    expect(within(card('Open tasks')).getByText(/No open tasks/)).toBeVisible();
  });

  it('has every part the spec lists, each found by its heading', () => {
    renderDashboard();
    expect(screen.getByRole('heading', { name: 'Today' })).toBeVisible();
    expect(screen.getByText('Welcome, Sita')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send photo/video' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Share access' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Schedule' })).toHaveAttribute(
      'href',
      '/appointments/book',
    );
    expect(screen.getByRole('link', { name: 'Record vitals' })).toHaveAttribute(
      'href',
      '/health/vitals/new',
    );
    expect(screen.getAllByRole('link', { name: 'Message clinic' })[0]).toHaveAttribute(
      'href',
      '/messages',
    );
    expect(within(card('Next appointment')).getByText('Upcoming')).toBeVisible();
    expect(within(card('Open tasks')).getByText(/No open tasks/)).toBeVisible();
    expect(within(card('Latest conversation')).getByText(/No conversations yet/)).toBeVisible();
    expect(within(card('Medications due')).getAllByRole('button', { name: 'Taken' })).toHaveLength(
      2,
    );
    const vitals = within(card('Vitals snapshot'));
    expect(vitals.getByText('72')).toBeVisible();
    expect(vitals.getByText('98%')).toBeVisible();
    expect(vitals.getByText('64.2')).toBeVisible();
    expect(vitals.getByText('118/76')).toBeVisible();
    const announcements = within(card('Announcements'));
    expect(announcements.getByText(/E-check-in opens 30 minutes before/)).toBeVisible();
    expect(screen.getByText(/All data synced/)).toBeVisible();
    expect(screen.queryByText('Your doctor is waiting')).not.toBeInTheDocument();
  });

  it("announces the clinic's hours the doctors keep, and when nobody is on duty, when one next is", async () => {
    const answers: ClinicHours[] = [
      {
        day: '2026-11-27',
        today: [{ start: '07:30', end: '19:00' }],
        daily: true,
        onDuty: true,
        nextAt: null,
      },
      {
        day: '2026-11-27',
        today: [{ start: '07:30', end: '23:15' }],
        daily: false,
        onDuty: false,
        nextAt: clinicMoment(addClinicDays(clinicToday(), 1), '07:30').toISOString(),
      },
    ];
    for (const [index, answer] of answers.entries()) {
      vi.stubGlobal(
        'fetch',
        vi.fn((url: string) =>
          url === '/api/clinic/hours'
            ? Promise.resolve(Response.json(answer))
            : new Promise<never>(() => undefined),
        ),
      );
      renderDashboard();
      const announcements = within(card('Announcements'));
      if (index === 0) {
        expect(
          await announcements.findByText('Virtual clinic hours: 7:30–19:00 daily.'),
        ).toBeVisible();
        expect(announcements.queryByText(/No doctor is on duty/)).toBeNull();
      } else {
        expect(
          await announcements.findByText('Virtual clinic hours today: 7:30–23:15.'),
        ).toBeVisible();
        expect(
          announcements.getByText(
            'No doctor is on duty now; a doctor is next available tomorrow at 07:30.',
          ),
        ).toBeVisible();
      }
      cleanup();
    }
    await i18n.changeLanguage('ne');
    renderDashboard();
    expect(
      await within(card('सूचनाहरू')).findByText(
        'अहिले कुनै डाक्टर ड्युटीमा हुनुहुन्न; अर्को डाक्टर भोलि ०७:३० बजे उपलब्ध हुनुहुन्छ।',
      ),
    ).toBeVisible();
    expect(within(card('सूचनाहरू')).getByText('आज भर्चुअल क्लिनिकको समय: ७:३०–२३:१५।')).toBeVisible();
    vi.unstubAllGlobals();
  });

  it('shows no vitals number for a patient with no readings, and none while they load', () => {
    renderDashboard(null, undefined, {});
    const vitals = card('Vitals snapshot');
    expect(within(vitals).getByText('No vitals yet.')).toBeVisible();
    expect(vitals.textContent).not.toMatch(/\d/);
  });

  it('says nothing about vitals while the readings are on their way', () => {
    renderDashboard(null, undefined, 'loading');
    const vitals = card('Vitals snapshot');
    expect(within(vitals).queryByText('No vitals yet.')).toBeNull();
    expect(vitals.textContent).not.toMatch(/\d/);
  });

  it('lists today’s doses with medicine, dose, clinic time and note', () => {
    // 07:00 in Kathmandu on the 20th: both doses still to come.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T01:15:00Z'));
    renderDashboard();
    const items = within(card('Medications due')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(
      'Amlodipine 5 mg · 1 tablet, morning, after food08:00 · With waterTaken',
    );
    expect(items[1]).toHaveTextContent('Atorvastatin 10 mg · 1 tablet, night21:00Taken');
    vi.useRealTimers();
  });

  it('reads the dose in Nepali: amount, form, time of day and food', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T01:15:00Z'));
    await i18n.changeLanguage('ne');
    renderDashboard();
    const items = within(card('खानुपर्ने औषधि')).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Amlodipine 5 mg · १ चक्की, बिहान खाना खाएपछि');
    expect(items[1]).toHaveTextContent('Atorvastatin 10 mg · १ चक्की, राति');
    expect(items[0]!.textContent).not.toMatch(/tablet|after|morning/i);
    vi.useRealTimers();
  });

  it('says a dose not taken is late for two hours after its time, then missed', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 09:00 in Kathmandu: the 08:00 dose is late, the 21:00 one still to come.
    vi.setSystemTime(new Date('2026-11-20T03:15:00Z'));
    const { unmount } = renderDashboard();
    let items = within(card('Medications due')).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('08:00 · With waterLateTaken');
    expect(items[1]).not.toHaveTextContent(/Late|Missed/);
    unmount();
    // 10:00: missed, and still offered as "Taken"; a dose taken is neither.
    vi.setSystemTime(new Date('2026-11-20T04:15:00Z'));
    renderDashboard(null, undefined, {}, [
      sitasDoses[0]!,
      { ...sitasDoses[1]!, at: '2026-11-20T02:15:00Z', taken: true },
    ]);
    items = within(card('Medications due')).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('08:00 · With waterMissedTaken');
    expect(items[1]).not.toHaveTextContent(/Late|Missed/);
    vi.useRealTimers();
  });

  it('marks a dose as taken for good', async () => {
    renderDashboard();
    const medications = within(card('Medications due'));
    await userEvent.click(medications.getAllByRole('button', { name: 'Taken' })[0]!);
    expect(medications.getByText('Marked as taken')).toBeVisible();
    // One-way: the taken dose has no button left to undo it.
    expect(medications.getAllByRole('button', { name: 'Taken' })).toHaveLength(1);
  });

  it('says a refused "Taken" was not sent, and offers it again', () => {
    renderDashboard(null, undefined, {}, [{ ...sitasDoses[0]!, refused: true }]);
    const row = within(card('Medications due')).getByRole('listitem');
    expect(within(row).getByText('Not sent. Press Taken to try again.')).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Taken' })).toBeVisible();
  });

  it('says "No active medications." without doses, and no medicine or number', () => {
    renderDashboard(null, undefined, {}, []);
    const medications = card('Medications due');
    expect(within(medications).getByText('No active medications.')).toBeVisible();
    expect(medications.textContent).not.toMatch(/\d/);
    expect(within(medications).queryByRole('button')).toBeNull();
  });

  it('says no more doses today, not that there is no medicine, when one is active without a dose left', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PatientDashboard firstName="Sita" doses={[]} activeMedications />
      </QueryClientProvider>,
    );
    const medications = card('Medications due');
    expect(within(medications).getByText('No more doses today.')).toBeVisible();
    expect(within(medications).queryByText('No active medications.')).toBeNull();
  });

  it('says nothing about doses while they are on their way', () => {
    renderDashboard(null, undefined, {}, 'loading');
    const medications = card('Medications due');
    expect(medications).toHaveAttribute('aria-busy', 'true');
    expect(within(medications).queryByText('No active medications.')).toBeNull();
    expect(within(medications).queryByRole('button')).toBeNull();
  });

  it('shows the visit as live, with the waiting bar, while the doctor waits', () => {
    renderDashboard();
    act(() => activeEncounter.set({ id: 'visit-1', status: 'waiting' }));
    const appointment = within(card('Next appointment'));
    expect(appointment.getByText('Live')).toBeVisible();
    expect(appointment.queryByText('Upcoming')).not.toBeInTheDocument();
    expect(appointment.getByText('Your doctor is ready. Join now.')).toBeVisible();
    const bar = screen.getByRole('region', { name: 'Your doctor is waiting' });
    expect(within(bar).getByRole('link', { name: 'Doctor is in — Join visit' })).toHaveAttribute(
      'href',
      '/visit/visit-1?join',
    );

    // Both in the call, the patient elsewhere: they may rejoin.
    act(() => activeEncounter.set({ id: 'visit-1', status: 'in_progress' }));
    expect(appointment.getByText('Live')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Your doctor is waiting' })).toBeVisible();

    act(() => activeEncounter.set({ id: 'visit-1', status: 'finished' }));
    expect(appointment.getByText('Upcoming')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Your doctor is waiting' })).toBeNull();
  });

  it('says "Preparing your visit…" on Join Video Visit and joins the virtual clinic in one tap', async () => {
    const join = vi.fn();
    renderDashboard(null, join);
    await userEvent.click(screen.getByRole('button', { name: 'Join Video Visit' }));
    await expectNewToast('Preparing your visit…');
    expect(join).toHaveBeenCalledExactlyOnceWith({ type: 'video' });
  });

  it('says all data is synced only while nothing waits to be sent from the device', async () => {
    // The server is slow to say who is signed in: the footer's time waits, the connection holds.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<never>(() => undefined)),
    );
    act(() => outbox.start('sita'));
    renderDashboard();
    expect(screen.getByText(/All data synced/)).toBeVisible();
    await act(() => outbox.add({ kind: 'note', key: 'k', id: 'note-1', payload: 'Hello' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('contentinfo')).toHaveTextContent(
        /^1 item not sent yet · last synced/,
      ),
    );
    expect(screen.queryByText(/All data synced/)).toBeNull();
    await act(() => outbox.remove('note-1'));
    expect(await screen.findByText(/All data synced/)).toBeVisible();
    act(() => outbox.stop());
    vi.unstubAllGlobals();
  });

  it('is not live while the patient is only in the waiting room', () => {
    renderDashboard();
    act(() => activeEncounter.set({ id: 'visit-1', status: 'queued' }));
    expect(within(card('Next appointment')).getByText('Upcoming')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Your doctor is waiting' })).toBeNull();
  });

  it('shows the latest conversation it is given, untitled ones as "Conversation"', () => {
    renderDashboard({
      id: 'c-1',
      title: null,
      lastMessage: 'See you soon',
      // 00:15 on 20 November in clinic time, still the 19th in UTC and in New York.
      createdAt: '2026-11-19T18:30:00Z',
    });
    const conversation = within(card('Latest conversation'));
    const link = conversation.getByRole('link', { name: /Conversation/ });
    expect(link).toHaveAttribute('href', '/messages/c-1');
    expect(conversation.getByText('See you soon')).toBeVisible();
    expect(conversation.getByText('Fri, Nov 20')).toBeVisible();
  });

  it('writes numbers and dates in Devanagari for a Nepali reader', async () => {
    await i18n.changeLanguage('ne');
    renderDashboard();
    expect(screen.getByText('स्वागत छ, Sita')).toBeVisible();
    const vitals = within(card('भाइटल्सको झलक'));
    expect(vitals.getByText('७२')).toBeVisible();
    expect(vitals.getByText('६४.२')).toBeVisible();
    expect(vitals.getByText('११८/७६')).toBeVisible();
    const medications = within(card('खानुपर्ने औषधि'));
    expect(medications.getByText('०८:०० बजे · With water')).toBeVisible();
    expect(medications.getByText('२१:०० बजे')).toBeVisible();
  });

  it('greets the caregiver signed in and offers only what the person cared for granted', () => {
    const notShared = 'Sita Sharma has not shared this with you.';
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PatientDashboard
          firstName="Hari"
          caringFor="Sita Sharma"
          shared={{ record: true, message: false, visits: false, addToRecord: false }}
          notShared={notShared}
          vitals={sitasVitals}
          doses={sitasDoses}
          onDoseTaken={() => undefined}
          onJoinVisit={() => undefined}
          appointment={null}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Hari, caring for Sita Sharma')).toBeVisible();
    expect(screen.queryByText(/Welcome/)).toBeNull();
    // Her record is shared: her doses and readings, but "Taken" is hers (or a guardian's) to press.
    expect(within(card('Medications due')).getByText(/Amlodipine 5 mg/)).toBeVisible();
    expect(within(card('Medications due')).queryByRole('button', { name: 'Taken' })).toBeNull();
    // Visits and messages are not: the cards say so, and offer nothing that would be refused.
    const appointment = card('Next appointment');
    expect(within(appointment).getByText(notShared)).toBeVisible();
    expect(within(appointment).queryByText(/No appointment booked/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Join Video Visit' })).toBeNull();
    expect(within(card('Latest conversation')).getByText(notShared)).toBeVisible();
    for (const name of [
      'Schedule',
      'Record vitals',
      'Send photo/video',
      'Message clinic',
      'Share access',
    ]) {
      expect(screen.queryByRole('link', { name })).toBeNull();
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('says plainly when the record itself was not shared, never that there is nothing', () => {
    const notShared = 'Sita Sharma has not shared this with you.';
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PatientDashboard
          firstName="Hari"
          caringFor="Sita Sharma"
          shared={{ record: false, message: true, visits: true, addToRecord: false }}
          notShared={notShared}
          latestConversation={null}
          appointment={null}
        />
      </QueryClientProvider>,
    );
    expect(within(card('Medications due')).getByText(notShared)).toBeVisible();
    expect(within(card('Vitals snapshot')).getByText(notShared)).toBeVisible();
    expect(screen.queryByText(/No active medications/)).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Schedule' })[0]).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Message clinic' })[0]).toBeVisible();
    expect(screen.getByRole('button', { name: 'Join Video Visit' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Record vitals' })).toBeNull();
  });
});
