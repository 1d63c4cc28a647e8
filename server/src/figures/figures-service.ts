import {
  activeSessionMinutes,
  alertWindowDays,
  unansweredAfterHours,
  uptimeWindowDays,
  type NetworkFigures,
  type TodayFigures,
} from '@shared/figures';
import { clinicDayEnd, clinicDayStart, clinicToday } from '@shared/clinic-time';
import type { Role } from '@shared/role';
import { flagsOf } from '@shared/vitals';
import type { Actor } from '../auth/actor';
import type { HealthRepository } from '../health/health-repository';
import { AppError } from '../http/app-error';
import { groupedByReading, valuesOf } from '../record/vital-codes';
import type { FiguresRepository, UnseenObservation } from './figures-repository';

export interface FiguresServiceDeps {
  figures: FiguresRepository;
  health: HealthRepository;
  /** The clinic keys the server is configured with: its clinics. */
  clinicKeys: readonly string[];
}

/** Who reads which figures: a clinic's day is the manager's, the network's the admins'. */
const readers = {
  today: ['manager'],
  network: ['admin', 'superadmin'],
} as const satisfies Record<string, readonly Role[]>;

function requireRole(actor: Actor, roles: readonly Role[], what: string): void {
  if (actor.onBehalfOf !== null || !roles.includes(actor.caller.role)) {
    throw new AppError('forbidden', what);
  }
}

/** How many readings among the observations are past a clinical threshold. */
function flaggedReadings(observations: readonly UnseenObservation[]): number {
  return groupedByReading(observations, (observation) => observation.readingId).filter(
    (reading) => flagsOf(valuesOf(reading)).length > 0,
  ).length;
}

/**
 * The staff's figures, counted from what is stored when they are asked for. They name no
 * patient and hold no record, so reading them is not an audited read of anyone's data.
 */
export function figuresService(deps: FiguresServiceDeps) {
  const { figures } = deps;
  return {
    async today(actor: Actor, now = new Date()): Promise<TodayFigures> {
      requireRole(actor, readers.today, "Only clinic managers see the clinic's day.");
      const day = clinicToday(now);
      const [booked, visitsWithoutSummary, unansweredConversations, unseen] = await Promise.all([
        figures.appointmentsOn(day, clinicDayStart(day), clinicDayEnd(day)),
        figures.visitsWithoutSummary(),
        figures.unansweredConversations(unansweredAfterHours),
        figures.observationsNotSeen(alertWindowDays),
      ]);
      return {
        day,
        appointments: booked.appointments,
        checkIns: booked.checkIns,
        tasks: {
          total: visitsWithoutSummary + unansweredConversations,
          visitsWithoutSummary,
          unansweredConversations,
        },
        alerts: flaggedReadings(unseen),
      };
    },

    async network(actor: Actor): Promise<NetworkFigures> {
      requireRole(actor, readers.network, "Only admins see the network's figures.");
      const [users, activeSessions, uptimePercent, storage] = await Promise.all([
        figures.confirmedUsers(),
        figures.activeSessions(activeSessionMinutes),
        deps.health.uptimePercent(uptimeWindowDays),
        figures.storageBytes(),
      ]);
      return {
        clinics: deps.clinicKeys.length,
        users,
        activeSessions,
        uptimePercent,
        storageBytes: { ...storage, total: storage.photos + storage.database },
      };
    },
  };
}

export type FiguresService = ReturnType<typeof figuresService>;
