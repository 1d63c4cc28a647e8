import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Medication } from '@shared/medications';
import { i18n } from '@/lib/i18n';
import { MedicationsList } from './medications-list';

afterEach(() => i18n.changeLanguage('en'));

const medication = (values: Partial<Medication>): Medication => ({
  id: 'm1',
  medicine: 'Metformin 500 mg',
  dose: { amount: 1, form: 'tablet' },
  writtenDose: null,
  times: ['morning', 'night'],
  startDay: '2026-11-20',
  endDay: null,
  food: 'after',
  note: 'Drink plenty of water',
  status: 'active',
  prescribedBy: { id: 'd1', name: 'Ram Thapa' },
  prescribedAt: '2026-11-20T05:00:00Z',
  stopped: null,
  adherence: { taken: 5, missed: 2 },
  ...values,
});

const stopped = medication({
  id: 'm2',
  medicine: 'Ibuprofen 400 mg',
  times: ['midday'],
  endDay: '2026-11-24',
  food: 'any',
  note: null,
  status: 'stopped',
  prescribedBy: { id: 'd1', name: null },
  // 00:15 on 22 November in clinic time; still the 21st in UTC and in New York.
  stopped: {
    at: '2026-11-21T18:30:00Z',
    by: { id: 'd1', name: 'Ram Thapa' },
    reason: 'Stomach upset',
  },
});

describe('MedicationsList', () => {
  it('lists active medications, then past ones, as the doctor wrote them', () => {
    render(<MedicationsList medications={[medication({}), stopped]} />);
    const active = within(screen.getByRole('list', { name: 'Active medications' }));
    expect(active.getByRole('listitem')).toHaveTextContent(
      [
        'Metformin 500 mgActive',
        'Dose: 1 tablet',
        'When: Morning (08:00), Night (21:00)',
        'After food',
        'From Nov 20, 2026, ongoing',
        'Drink plenty of water',
        'Prescribed by Ram Thapa',
        // The patient sees her adherence as her doctor does.
        'Taken 5, missed 2 in the last 7 days',
      ].join(''),
    );
    const past = within(screen.getByRole('list', { name: 'Past medications' }));
    expect(past.getByRole('listitem')).toHaveTextContent(
      [
        'Ibuprofen 400 mgStopped',
        'Dose: 1 tablet',
        'When: Midday (13:00)',
        'From Nov 20, 2026 to Nov 24, 2026',
        'Prescribed by your doctor',
        'Stopped on Nov 22, 2026: Stomach upset',
      ].join(''),
    );
  });

  it('says there are no active medications when only past ones remain', () => {
    render(<MedicationsList medications={[stopped]} />);
    expect(screen.getByText('No active medications.')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Active medications' })).toBeNull();
  });

  it('writes times and dates in Devanagari digits and Bikram Sambat in Nepali', async () => {
    await i18n.changeLanguage('ne');
    render(<MedicationsList medications={[medication({})]} />);
    const item = within(screen.getByRole('list', { name: 'चलिरहेका औषधि' })).getByRole('listitem');
    expect(item).toHaveTextContent('कहिले: बिहान (०८:०० बजे), राति (२१:०० बजे)');
    expect(item).toHaveTextContent('मंसिर ४, २०८३ देखि, जारी');
    expect(item).toHaveTextContent('मात्रा: १ चक्की');
    expect(item).toHaveTextContent('खाना खाएपछि');
    expect(item).toHaveTextContent('पछिल्ला ७ दिनमा ५ पटक लिइयो, २ पटक छुट्यो');
    expect(item.textContent).not.toMatch(/tablet|After food/);
  });
});
