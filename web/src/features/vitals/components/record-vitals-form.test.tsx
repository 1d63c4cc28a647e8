import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VitalsReading } from '@shared/vitals';
import { clinicToday } from '@shared/clinic-time';
import { loadNepaliDates } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import { RecordVitalsForm } from './record-vitals-form';

const patientId = 'patient-1';

function stored(body: Record<string, unknown>): VitalsReading {
  return {
    id: String(body.id),
    takenAt: new Date().toISOString(),
    recordedAt: new Date().toISOString(),
    recordedBy: { id: patientId, role: 'patient', name: 'Sita Sharma' },
    flags: [],
    ...body,
  };
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn((_url: string, init: RequestInit) =>
    Promise.resolve(
      Response.json(stored(JSON.parse(init.body as string) as Record<string, unknown>), {
        status: 201,
      }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RecordVitalsForm patientId={patientId} />
    </QueryClientProvider>,
  );
}

/** The body of the one reading sent, if any. */
function sentBody(): Record<string, unknown> {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  expect(url).toBe(`/api/patients/${patientId}/vitals`);
  expect(init.method).toBe('POST');
  return JSON.parse(init.body as string) as Record<string, unknown>;
}

describe('record vitals form', () => {
  it('has the contract’s fields, each with its unit beside it, and "Save vitals"', () => {
    renderForm();
    for (const [name, unit] of [
      ['Heart rate', 'bpm'],
      ['Oxygen saturation', '%'],
      ['Weight', 'kg'],
      ['Systolic', 'mmHg'],
      ['Diastolic', 'mmHg'],
    ] as const) {
      const field = screen.getByRole('textbox', { name });
      expect(field).toHaveValue('');
      expect(field.parentElement).toHaveTextContent(unit);
    }
    const takenAt = screen.getByRole('group', { name: 'Time taken' });
    expect(within(takenAt).getByLabelText('Date')).toHaveValue(clinicToday());
    // The clinic's 24-hour clock, typed as text: never the phone's "07:51 PM".
    expect(
      within(takenAt).getByRole<HTMLInputElement>('textbox', { name: 'Time (24-hour)' }).value,
    ).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
    expect(screen.getByRole('button', { name: 'Save vitals' })).toBeVisible();
  });

  it('in Nepali, gives the time taken as a BS date and a 24-hour time in Devanagari digits', async () => {
    // Clinic time 19:51 on 27 November 2026, which is मंसिर ११, २०८३.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T14:06:00Z') });
    await loadNepaliDates();
    await i18n.changeLanguage('ne');
    renderForm();
    const takenAt = screen.getByRole('group', { name: 'नापेको समय' });
    const date = within(takenAt).getByRole('group', { name: 'मिति' });
    const selected = (name: string) => {
      const select = within(date).getByRole<HTMLSelectElement>('combobox', { name });
      return select.selectedOptions[0]?.textContent;
    };
    expect(selected('साल')).toBe('२०८३');
    expect(selected('महिना')).toBe('मंसिर');
    expect(selected('गते')).toBe('११');
    expect(within(takenAt).getByRole('textbox', { name: 'समय (२४ घण्टा)' })).toHaveValue('१९:५१');
    expect(takenAt.textContent).not.toMatch(/[0-9]|AM|PM/);
    vi.useRealTimers();
  });

  it('refuses a heart rate of 400 under its field and sends nothing', async () => {
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Heart rate' }), '400');
    await userEvent.click(screen.getByRole('button', { name: 'Save vitals' }));
    const field = screen.getByRole('textbox', { name: 'Heart rate' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Heart rate must be between 20 and 250');
    expect(screen.getByRole('textbox', { name: 'Weight' })).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a blood pressure given by half, and nothing at all', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Save vitals' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter at least one measurement',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Systolic' }), '120');
    await userEvent.click(screen.getByRole('button', { name: 'Save vitals' }));
    expect(screen.getByRole('textbox', { name: 'Diastolic' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByText('Please give both systolic and diastolic')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends only the fields given, under a reading id, and takes Devanagari digits', async () => {
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Heart rate' }), '७२');
    await userEvent.type(screen.getByRole('textbox', { name: 'Weight' }), '६४.२');
    await userEvent.click(screen.getByRole('button', { name: 'Save vitals' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const body = sentBody();
    expect(body).toMatchObject({ heartRate: 72, weight: 64.2 });
    expect(Object.keys(body).sort()).toEqual(['heartRate', 'id', 'takenAt', 'weight']);
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('tells the patient to contact the care team after a reading past a threshold', async () => {
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Oxygen saturation' }), '88');
    await userEvent.click(screen.getByRole('button', { name: 'Save vitals' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reading is outside the safe range. Please contact your care team.',
    );
    expect(screen.getByText('Oxygen saturation is low.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Message your care team' })).toHaveAttribute(
      'href',
      '/messages',
    );
  });

  it('speaks Nepali, its ranges in Devanagari digits', async () => {
    await i18n.changeLanguage('ne');
    renderForm();
    const heartRate = screen.getByRole('textbox', { name: 'मुटुको धड्कन' });
    await userEvent.type(heartRate, '४००');
    await userEvent.click(screen.getByRole('button', { name: 'भाइटल्स सुरक्षित गर्नुहोस्' }));
    expect(heartRate).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('मुटुको धड्कन २० देखि २५० बीच हुनुपर्छ')).toBeVisible();
  });
});
