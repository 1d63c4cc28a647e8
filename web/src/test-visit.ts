import type { Visit } from '@shared/visits';

/** For tests: Sita Sharma's routine video visit, queued, with what the overrides change. */
export function testVisit(overrides: Partial<Visit> = {}): Visit {
  return {
    id: '6f1c2d4e-0000-4000-8000-000000000001',
    status: 'queued',
    type: 'video',
    priority: 'routine',
    reason: 'Blood pressure review',
    patientId: 'p1',
    patientName: 'Sita Sharma',
    doctorId: null,
    doctorName: null,
    queuedAt: '2026-11-23T08:00:00.000Z',
    startedAt: null,
    inProgressAt: null,
    endedAt: null,
    durationMinutes: null,
    summary: null,
    position: null,
    estimatedWaitMinutes: null,
    ...overrides,
  };
}
