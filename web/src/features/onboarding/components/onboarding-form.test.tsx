import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Profile } from '@shared/profile';
import { i18n } from '@/lib/i18n';
import { OnboardingForm } from './onboarding-form';

afterEach(() => i18n.changeLanguage('en'));

function renderForm(profile: Profile | null = null) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OnboardingForm profile={profile} />
    </QueryClientProvider>,
  );
}

describe('onboarding form', () => {
  it('shows the first-name and age messages together before anything is sent', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Age'), '150');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Please enter your first name')).toBeVisible();
    expect(screen.getByText('Please enter a valid age')).toBeVisible();
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows each date in the other calendar as it is typed', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Date of birth (AD)'), '1991-04-14');
    expect(screen.getByText('That is 2048-01-01 BS')).toBeVisible();
    await userEvent.click(screen.getByLabelText('BS (Bikram Sambat)'));
    const bs = screen.getByLabelText('Date of birth (BS)');
    await userEvent.type(bs, '2056-10-01');
    expect(screen.getByText('That is 2000-01-15 AD')).toBeVisible();
    await userEvent.clear(bs);
    await userEvent.type(bs, '2056-10-33');
    expect(screen.queryByText(/That is/)).toBeNull();
  });

  it('speaks Nepali, with Devanagari digits in the equivalent date', async () => {
    await i18n.changeLanguage('ne');
    renderForm();
    await userEvent.click(screen.getByLabelText('वि.सं. (विक्रम संवत्)'));
    await userEvent.type(screen.getByLabelText('जन्म मिति (वि.सं.)'), '२०५६-१०-०१');
    expect(screen.getByText('अर्थात् २०००-०१-१५ ई.सं.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'प्रोफाइल सुरक्षित गर्नुहोस्' }));
    expect(await screen.findByText('कृपया आफ्नो पहिलो नाम लेख्नुहोस्')).toBeVisible();
  });

  it('starts from the saved profile when there is one', () => {
    renderForm({
      id: 'u1',
      first_name: 'Ram',
      last_name: 'Thapa',
      gender: 'male',
      age: 52,
      current_age: 52,
      date_system: 'bs',
      dob_ad: null,
      dob_bs: '2030-05-05',
      role: 'doctor',
      avatar_url: null,
    });
    expect(screen.getByLabelText('First name')).toHaveValue('Ram');
    expect(screen.getByLabelText('Age')).toHaveValue('52');
    expect(screen.getByLabelText('Gender')).toHaveValue('male');
    expect(screen.getByLabelText('Date of birth (BS)')).toHaveValue('2030-05-05');
  });
});
