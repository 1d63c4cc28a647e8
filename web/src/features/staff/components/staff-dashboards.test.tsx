import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NetworkFigures, TodayFigures } from '@shared/figures';
import { i18n } from '@/lib/i18n';
import { AdminOverview, ManagerToday, NetworkOverview } from './staff-dashboards';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const today: TodayFigures = {
  day: '2026-11-26',
  appointments: 5,
  checkIns: 2,
  tasks: { total: 3, visitsWithoutSummary: 1, unansweredConversations: 2 },
  alerts: 1,
};

const network: NetworkFigures = {
  clinics: 3,
  users: 1_352,
  activeSessions: 9,
  uptimePercent: 99.93,
  storageBytes: { total: 12_400_000, photos: 4_100_000, database: 8_300_000 },
};

/** The server answering each figures route with `answers[path]`. */
function serverAnswering(answers: Record<string, Response>) {
  vi.stubGlobal('fetch', (url: string) =>
    answers[url] ? Promise.resolve(answers[url]) : Promise.reject(new Error(`unexpected ${url}`)),
  );
}

function renderWithQueries(screenUnderTest: ReactNode) {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      {screenUnderTest}
    </QueryClientProvider>,
  );
}

/** Each tile as [label, value, what it counts], read the way a screen reader pairs them. */
function tiles(): [string | null, string | null, string | null][] {
  return screen.getAllByRole('term').map((term) => {
    const [value, counts] = [...term.parentElement!.querySelectorAll('dd')].filter(
      (definition) => definition.getAttribute('aria-hidden') !== 'true',
    );
    return [term.textContent, value?.textContent ?? null, counts?.textContent ?? null];
  });
}

describe('staff dashboards', () => {
  it("shows a manager's day as the server counts it, each tile saying what it counts", async () => {
    serverAnswering({ '/api/figures/today': Response.json(today) });
    renderWithQueries(<ManagerToday />);
    expect(screen.getByRole('heading', { name: 'Today' })).toBeVisible();
    await screen.findByText('Appointments');
    expect(tiles()).toEqual([
      ['Appointments', '5', 'Booked for today, not cancelled'],
      ['Check-ins', '2', 'Patients checked in today'],
      ['Tasks', '3', 'Visits without a summary: 1; patients unanswered for over 24 hours: 2'],
      ['Alerts', '1', 'Flagged readings of the last 7 days no doctor has looked at'],
    ]);
  });

  it("shows an admin's overview without storage", async () => {
    serverAnswering({ '/api/figures/network': Response.json(network) });
    renderWithQueries(<AdminOverview />);
    expect(screen.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await screen.findByText('Tenants');
    expect(tiles().map(([label, value]) => [label, value])).toEqual([
      ['Tenants', '3'],
      ['Users', '1,352'],
      ['Active sessions', '9'],
      ['Uptime', '99.9%'],
    ]);
  });

  it('shows the network figures with storage in its unit', async () => {
    serverAnswering({ '/api/figures/network': Response.json(network) });
    renderWithQueries(<NetworkOverview />);
    await screen.findByText('Storage used');
    expect(tiles().at(-1)).toEqual(['Storage used', '12.4 MB', 'Photos 4.1 MB, database 8.3 MB']);
  });

  it('says when no health check is recorded yet rather than showing a number', async () => {
    serverAnswering({
      '/api/figures/network': Response.json({ ...network, uptimePercent: null }),
    });
    renderWithQueries(<NetworkOverview />);
    await screen.findByText('Uptime');
    expect(tiles()[3]).toEqual(['Uptime', '—', 'No health check recorded yet']);
  });

  it('tells another role the figures are not theirs', async () => {
    serverAnswering({
      '/api/figures/network': Response.json(
        { error: { code: 'forbidden', message: "Only admins see the network's figures." } },
        { status: 403 },
      ),
    });
    renderWithQueries(<AdminOverview />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'These figures are for another role.',
    );
    expect(screen.queryByRole('term')).toBeNull();
  });

  it('writes the network figures with Devanagari digits and Nepali grouping in Nepali', async () => {
    await i18n.changeLanguage('ne');
    serverAnswering({ '/api/figures/network': Response.json(network) });
    renderWithQueries(<NetworkOverview />);
    expect(screen.getByRole('heading', { name: 'सञ्जाल सारांश' })).toBeVisible();
    await screen.findByText('संस्थाहरू');
    expect(
      tiles()
        .map(([label, value]) => [label, value])
        .slice(0, 4),
    ).toEqual([
      ['संस्थाहरू', '३'],
      ['प्रयोगकर्ताहरू', '१,३५२'],
      ['सक्रिय सत्रहरू', '९'],
      ['अपटाइम', '९९.९%'],
    ]);
  });
});
