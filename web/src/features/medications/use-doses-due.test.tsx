import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clinicToday } from '@shared/clinic-time';
import type { Dose } from '@shared/medications';
import { outbox } from '@/lib/outbox';
import { outboxStorage } from '@/lib/outbox-db';
import { doseTakenKind, doseTakenSender, queueDoseTaken } from './api/mark-dose-taken';
import { medicationsKeys } from './api/medications-keys';
import { useDosesDue } from './use-doses-due';

const patientId = 'me';
const today = clinicToday();
const stoppedMedication = 'a1b2c3d4-0000-4000-8000-000000000001';

const dose: Dose = {
  medicationId: 'a1b2c3d4-0000-4000-8000-000000000002',
  medicine: 'Metformin 500 mg',
  dose: { amount: 1, form: 'tablet' },
  writtenDose: null,
  food: 'any',
  note: null,
  timeOfDay: 'morning',
  day: today,
  at: new Date().toISOString(),
  taken: null,
};

afterEach(async () => {
  vi.unstubAllGlobals();
  outbox.stop();
  await outbox.eraseAllBut(null);
});

/** Presses "Taken" on a dose of today, and waits until the server has refused it for good. */
async function refusedPress(medicationId: string) {
  vi.stubGlobal('fetch', () =>
    Promise.resolve(
      Response.json(
        { error: { code: 'not_found', message: 'No such medication.' } },
        { status: 404 },
      ),
    ),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const unregister = outbox.register(doseTakenKind, doseTakenSender(queryClient));
  outbox.start(patientId);
  await queueDoseTaken(patientId, { medicationId, day: today, timeOfDay: 'morning' });
  await vi.waitFor(async () =>
    expect((await outboxStorage.listFor(patientId)).map((entry) => entry.state)).toEqual([
      'failed',
    ]),
  );
  unregister();
  return queryClient;
}

function renderWith(queryClient: QueryClient, doses: Dose[]) {
  queryClient.setQueryData(medicationsKeys.dosesOn(patientId, today), doses);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useDosesDue(patientId), { wrapper });
}

describe('useDosesDue', () => {
  it('lets go of a refused press whose dose is no longer in the day, so nothing stays unsent', async () => {
    const queryClient = await refusedPress(stoppedMedication);
    const { result } = renderWith(queryClient, [dose]);

    await vi.waitFor(async () => expect(await outboxStorage.listFor(patientId)).toEqual([]));
    expect(result.current.doses?.map((each) => each.medicine)).toEqual(['Metformin 500 mg']);
  });

  it('keeps a refused press of a dose still shown, which reads as not sent', async () => {
    const queryClient = await refusedPress(dose.medicationId);
    const { result } = renderWith(queryClient, [dose]);

    await vi.waitFor(() => expect(result.current.doses?.[0]?.refused).toBe(true));
    expect(await outboxStorage.listFor(patientId)).toHaveLength(1);
  });
});
