import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clinicToday } from '@shared/clinic-time';
import { i18n } from '@/lib/i18n';
import { PrescribeForm } from './prescribe-form';

const patientId = 'patient-1';

let fetchMock: ReturnType<typeof vi.fn>;
let answer: () => Response;

beforeEach(() => {
  answer = () => Response.json({}, { status: 201 });
  fetchMock = vi.fn(() => Promise.resolve(answer()));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function renderForm(onSaved?: () => void) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PrescribeForm patientId={patientId} onSaved={onSaved} />
    </QueryClientProvider>,
  );
}

function sentBodies(): Record<string, unknown>[] {
  return fetchMock.mock.calls.map(([url, init]) => {
    expect(url).toBe(`/api/patients/${patientId}/medications`);
    expect((init as RequestInit).method).toBe('POST');
    return JSON.parse((init as RequestInit).body as string) as Record<string, unknown>;
  });
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Medicine' }), 'Amlodipine 5 mg');
  await user.type(screen.getByRole('textbox', { name: 'Amount' }), '1');
}

describe('the prescribing form', () => {
  it('has the contract’s fields, starts today in clinic time, and is ongoing without days', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    renderForm(onSaved);
    for (const time of ['Morning', 'Midday', 'Evening', 'Night']) {
      expect(screen.getByRole('checkbox', { name: time })).not.toBeChecked();
    }
    expect(screen.getByLabelText('Start date')).toHaveValue(clinicToday());
    expect(screen.getByRole('textbox', { name: 'Days' })).toHaveValue('');

    await fillRequired(user);
    await user.click(screen.getByRole('checkbox', { name: 'Night' }));
    await user.click(screen.getByRole('checkbox', { name: 'Morning' }));
    expect(screen.getByRole('combobox', { name: 'Form' })).toHaveValue('tablet');
    expect(screen.getByRole('combobox', { name: 'With food' })).toHaveValue('any');
    await user.selectOptions(screen.getByRole('combobox', { name: 'With food' }), 'after food');
    await user.type(screen.getByRole('textbox', { name: 'Note' }), ' Drink water ');
    await user.click(screen.getByRole('button', { name: 'Prescribe' }));

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const [body] = sentBodies();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      medicine: 'Amlodipine 5 mg',
      dose: { amount: 1, form: 'tablet' },
      food: 'after',
      times: ['morning', 'night'],
      startDay: clinicToday(),
      note: 'Drink water',
    });
    // Emptied for the next prescription.
    expect(screen.getByRole('textbox', { name: 'Medicine' })).toHaveValue('');
    // Typing a whole prescription takes a while on a busy machine.
  }, 20_000);

  it('refuses a prescription without a time of day, or with days out of range, and sends nothing', async () => {
    const user = userEvent.setup();
    renderForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Prescribe' }));
    expect(await screen.findByText('Please choose at least one time of day')).toBeVisible();

    await user.click(screen.getByRole('checkbox', { name: 'Evening' }));
    await user.type(screen.getByRole('textbox', { name: 'Days' }), '400');
    await user.click(screen.getByRole('button', { name: 'Prescribe' }));
    expect(await screen.findByText('Days must be a whole number from 1 to 365')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Days' })).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an amount that is not a number', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Medicine' }), 'Amlodipine 5 mg');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), 'one');
    await user.click(screen.getByRole('checkbox', { name: 'Morning' }));
    await user.click(screen.getByRole('button', { name: 'Prescribe' }));
    expect(
      await screen.findByText('Please enter the amount: a number more than 0, at most 1,000'),
    ).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads days in Devanagari digits, and says a server refusal in Nepali', async () => {
    await i18n.changeLanguage('ne');
    answer = () =>
      Response.json({ error: { code: 'not_found', message: 'No such patient.' } }, { status: 404 });
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByRole('textbox', { name: 'औषधि' }), 'Metformin 500 mg');
    await user.type(screen.getByRole('textbox', { name: 'मात्रा' }), '२.५');
    await user.selectOptions(screen.getByRole('combobox', { name: 'रूप' }), 'मि.लि.');
    await user.click(screen.getByRole('checkbox', { name: 'बिहान' }));
    await user.type(screen.getByRole('textbox', { name: 'दिन' }), '१४');
    await user.click(screen.getByRole('button', { name: 'औषधि लेख्नुहोस्' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('यस्तो बिरामी छैन।');
    expect(sentBodies()[0]).toMatchObject({
      dose: { amount: 2.5, form: 'ml' },
      food: 'any',
      days: 14,
      times: ['morning'],
    });
  });
});
