import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Visit, VisitStatus } from '@shared/visits';
import { testVisit } from '@/test-visit';
import { visitsKeys } from '../api/query-keys';
import { VisitScreen } from './visit-screen';

// The call itself needs a browser's media and WebRTC; here only which screen shows counts.
vi.mock('./call-screen', () => ({
  CallScreen: ({ role }: { role: string }) => <p>{`call for the ${role}`}</p>,
}));

const id = '6f1c2d4e-0000-4000-8000-000000000003';

function visit(status: VisitStatus): Visit {
  const queued = status === 'queued';
  return testVisit({
    id,
    status,
    doctorId: queued ? null : 'd1',
    doctorName: queued ? null : 'Dr. Ram Thapa',
    position: queued ? 1 : null,
    estimatedWaitMinutes: queued ? 5 : null,
  });
}

function renderVisit(
  status: VisitStatus,
  role: 'doctor' | 'patient',
  path = `/visit/${id}`,
  afterSummary?: (visit: Visit) => ReactNode,
) {
  const client = new QueryClient();
  client.setQueryData(visitsKeys.detail(id), visit(status));
  const [pathname = '', search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search });
  render(
    <QueryClientProvider client={client}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <VisitScreen id={id} role={role} afterSummary={afterSummary} />
      </Router>
    </QueryClientProvider>,
  );
}

describe('VisitScreen', () => {
  it('puts a queued patient in the waiting room', () => {
    renderVisit('queued', 'patient');
    expect(screen.getByRole('button', { name: 'Leave waiting room' })).toBeVisible();
  });

  it('tells the patient the doctor is waiting, and joins on their press', async () => {
    renderVisit('waiting', 'patient');
    expect(screen.getByText('Your doctor is waiting')).toBeVisible();
    expect(screen.getByText('Live')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Doctor is in — Join visit' }));
    expect(screen.getByText('call for the patient')).toBeVisible();
  });

  it('goes straight into the call from a "Join visit" link, and back into one under way', () => {
    renderVisit('waiting', 'patient', `/visit/${id}?join`);
    expect(screen.getByText('call for the patient')).toBeVisible();
  });

  it('takes the doctor straight into the call, with the patient’s chart a tab away', () => {
    renderVisit('waiting', 'doctor');
    expect(screen.getByText('call for the doctor')).toBeVisible();
    const chart = screen.getByRole('link', { name: 'Patient chart' });
    expect(chart).toHaveAttribute('href', `/chart/${visit('waiting').patientId}`);
    expect(chart).toHaveAttribute('target', '_blank');
  });

  it('asks the doctor for the summary once the visit is finished, with the chart and the page’s slot', () => {
    renderVisit('finished', 'doctor', `/visit/${id}`, (finished) => (
      <p>{`prescribing for ${finished.patientId}`}</p>
    ));
    expect(screen.getByLabelText('Visit summary')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save summary' })).toBeVisible();
    const { patientId } = visit('finished');
    expect(screen.getByRole('link', { name: 'Patient chart' })).toHaveAttribute(
      'href',
      `/chart/${patientId}`,
    );
    expect(screen.getByText(`prescribing for ${patientId}`)).toBeVisible();
  });

  it('shows the patient no way to a chart', () => {
    renderVisit('finished', 'patient', `/visit/${id}`, () => <p>slot</p>);
    expect(screen.queryByRole('link', { name: 'Patient chart' })).toBeNull();
    expect(screen.queryByText('slot')).toBeNull();
  });

  it('tells the patient the visit has ended, with the way home', () => {
    renderVisit('finished', 'patient');
    expect(screen.getByText('This visit has ended')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  });
});
