import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { testVisit } from '@/test-visit';
import { VisitSummaryForm } from './visit-summary-form';

const ended = testVisit({
  id: '6f1c2d4e-0000-4000-8000-000000000002',
  status: 'finished',
  doctorId: 'd1',
  doctorName: 'Dr. Ram Thapa',
  startedAt: '2026-11-23T08:05:00.000Z',
  inProgressAt: '2026-11-23T08:06:00.000Z',
  endedAt: '2026-11-23T08:20:00.000Z',
  durationMinutes: 14,
});

afterEach(() => {
  vi.unstubAllGlobals();
  return i18n.changeLanguage('en');
});

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <VisitSummaryForm visit={ended} />
    </QueryClientProvider>,
  );
}

describe('VisitSummaryForm', () => {
  it('asks for a summary before saving, in the shared schema’s words', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    await userEvent.type(screen.getByLabelText('Visit summary'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save summary' }));
    expect(screen.getByText('Please write a summary')).toBeVisible();
    expect(screen.getByLabelText('Visit summary')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the summary is too long in Nepali', async () => {
    await i18n.changeLanguage('ne');
    renderForm();
    const field = screen.getByLabelText('भेटको सारांश');
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(4_001));
    await userEvent.click(screen.getByRole('button', { name: 'सारांश सुरक्षित गर्नुहोस्' }));
    expect(screen.getByText('सारांशमा बढीमा ४,००० अक्षर हुन सक्छन्')).toBeVisible();
  });

  it('saves the trimmed summary', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(Response.json({ ...ended, summary: 'Continue amlodipine.' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    await userEvent.type(screen.getByLabelText('Visit summary'), '  Continue amlodipine.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save summary' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/visits/${ended.id}/summary`,
      expect.objectContaining({ method: 'PUT', body: '{"summary":"Continue amlodipine."}' }),
    );
  });
});
