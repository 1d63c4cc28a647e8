import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { AdminOverview, ManagerToday, NetworkOverview } from './staff-dashboards';

afterEach(() => i18n.changeLanguage('en'));

/** Each tile as [label, value], read the way a screen reader pairs a term with its definition. */
function tiles(): [string | null, string | null | undefined][] {
  return screen
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

describe('staff dashboards', () => {
  it("shows a manager's day", () => {
    render(<ManagerToday />);
    expect(screen.getByRole('heading', { name: 'Today' })).toBeVisible();
    expect(tiles()).toEqual([
      ['Appointments', '18'],
      ['Check-ins', '12'],
      ['Tasks', '7'],
      ['Alerts', '3'],
    ]);
  });

  it("shows an admin's overview", () => {
    render(<AdminOverview />);
    expect(screen.getByRole('heading', { name: 'Overview' })).toBeVisible();
    expect(tiles()).toEqual([
      ['Tenants', '24'],
      ['Users', '1,247'],
      ['Active sessions', '47'],
      ['Uptime', '99.8%'],
    ]);
  });

  it('shows the network figures', () => {
    render(<NetworkOverview />);
    expect(screen.getByRole('heading', { name: 'Network overview' })).toBeVisible();
    expect(tiles()).toEqual([
      ['Tenants', '24'],
      ['Users', '1,247'],
      ['Active sessions', '47'],
      ['Uptime', '99.8%'],
      ['Storage used', '75%'],
    ]);
  });

  it('writes the network figures with Devanagari digits and Nepali grouping in Nepali', async () => {
    await i18n.changeLanguage('ne');
    render(<NetworkOverview />);
    expect(screen.getByRole('heading', { name: 'सञ्जाल सारांश' })).toBeVisible();
    expect(tiles()).toEqual([
      ['संस्थाहरू', '२४'],
      ['प्रयोगकर्ताहरू', '१,२४७'],
      ['सक्रिय सत्रहरू', '४७'],
      ['अपटाइम', '९९.८%'],
      ['प्रयोग भएको भण्डारण', '७५%'],
    ]);
  });
});
