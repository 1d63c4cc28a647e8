import { clinicDayEnd, clinicDayStart, clinicToday } from '@shared/clinic-time';
import type { Clinic } from '@shared/clinics';
import {
  periodIdSchema,
  periodMessage,
  type HmisReport,
  type ImportSummary,
  type ReportClinic,
  type SendReport,
  type SendResult,
} from '@shared/hmis';
import { bsCalendarEnd, bsFirstYear, bsLastYear } from '@shared/bs-calendar';
import { lastCompletePeriod, parsePeriod, type HmisPeriod } from '@shared/hmis-period';
import type { Actor } from '../auth/actor';
import { agentOf, type AuditTrail } from '../audit/audit-trail';
import type { ClinicsRepository } from '../clinics/clinics-repository';
import type { HmisConfig } from '../config';
import { AppError } from '../http/app-error';
import { Dhis2Unauthorized, type Dhis2Client } from './dhis2-client';
import { countConsultations, dataValueSetOf, type Consultation } from './hmis-counts';
import type { HmisRepository } from './hmis-repository';

export interface HmisServiceDeps {
  hmis: HmisRepository;
  clinics: ClinicsRepository;
  trail: AuditTrail;
  config: HmisConfig;
  /** Absent when `DHIS2_URL` is unset: the report is previewed, never sent. */
  dhis2: Dhis2Client | undefined;
}

/** What Sewa's BS table covers, said where a month is beyond it. */
const calendarRange = `Sewa's Bikram Sambat calendar runs from Baisakh ${bsFirstYear} to Chaitra ${bsLastYear} (YYYYMM ${bsFirstYear}01 to ${bsLastYear}12, the last day ${bsCalendarEnd}); the next year is added once its official calendar is published.`;

/** The month a period id names (absent: the last complete one), or a 400 that says what one is. */
function periodFrom(id: string | undefined, now: Date): HmisPeriod {
  if (id === undefined) {
    try {
      return lastCompletePeriod(now);
    } catch (error) {
      // Today is past the table: which BS month it is, Sewa does not know, and does not guess.
      if (error instanceof RangeError) throw new AppError('bs_calendar_ended', calendarRange);
      throw error;
    }
  }
  const period = parsePeriod(id);
  if (period === null) {
    const wellFormed = periodIdSchema.safeParse(id).success;
    throw new AppError('validation_failed', wellFormed ? calendarRange : periodMessage);
  }
  return period;
}

/**
 * Nepal's HMIS monthly report: counted from the finished visits of a BS month (by the clinic
 * day of their end), per clinic of their doctor. The superadmin reports every clinic, a
 * manager their own. The counts name nobody, so a preview is not an audited read; a send is.
 */
export function hmisService(deps: HmisServiceDeps) {
  const { mapping } = deps.config;

  /** The clinics the actor reports for: every one for the superadmin, a manager's own. */
  async function clinicsOf(actor: Actor): Promise<{ clinics: Clinic[]; all: boolean }> {
    const { role, id } = actor.caller;
    if (actor.onBehalfOf === null && role === 'superadmin') {
      return { clinics: await deps.clinics.list(), all: true };
    }
    if (actor.onBehalfOf === null && role === 'manager') {
      const clinicId = await deps.clinics.clinicOf(id);
      const clinic = clinicId === null ? null : await deps.clinics.find(clinicId);
      if (clinic !== null) return { clinics: [clinic], all: false };
      throw new AppError(
        'forbidden',
        'Your account belongs to no clinic; the superadmin assigns one.',
      );
    }
    throw new AppError('forbidden', 'Only the superadmin and clinic managers see the HMIS report.');
  }

  async function report(
    actor: Actor,
    periodId: string | undefined,
    now = new Date(),
  ): Promise<HmisReport> {
    const period = periodFrom(periodId, now);
    const { clinics, all } = await clinicsOf(actor);
    const visits = await deps.hmis.consultations(
      clinicDayStart(period.firstDay),
      clinicDayEnd(period.lastDay),
      all ? undefined : clinics[0]?.id,
    );
    const completeDate = clinicToday(now);
    const of = (clinicId: string | null) =>
      countConsultations(
        visits.filter((visit: Consultation) => visit.clinicId === clinicId),
        period.firstDay,
      );
    const rows: ReportClinic[] = clinics.map((clinic) => {
      const counts = of(clinic.id);
      return {
        clinic: { id: clinic.id, name: clinic.name, orgUnitCode: clinic.orgUnitCode },
        counts,
        dataValueSet: dataValueSetOf(counts, mapping, {
          period: period.id,
          orgUnit: clinic.orgUnitCode,
          completeDate,
        }),
      };
    });
    const unassigned = of(null);
    if (all && unassigned.total > 0)
      rows.push({ clinic: null, counts: unassigned, dataValueSet: null });
    return { period, completeDate, clinics: rows, canSend: deps.dhis2 !== undefined };
  }

  return {
    report,

    /** Posts each clinic's `dataValueSet` and answers DHIS2's import summaries; the send is audited. */
    async send(actor: Actor, request: SendReport, now = new Date()): Promise<SendResult> {
      const preview = await report(actor, request.period, now);
      // A real send marks the month complete in DHIS2 (`completeDate`): a month still under way
      // would be closed with part of its visits. A dry run changes nothing there, so it may.
      const { period } = preview;
      if (!request.dryRun && period.lastDay >= clinicToday(now)) {
        throw new AppError(
          'hmis_month_not_ended',
          `${period.name} ${period.year} ends on ${period.lastDay} (Asia/Kathmandu); it can be sent to DHIS2 from the next day. A dry run shows it before.`,
        );
      }
      const { dhis2 } = deps;
      if (dhis2 === undefined) {
        throw new AppError(
          'service_unavailable',
          'No DHIS2 server is set up (DHIS2_URL); the report can be previewed and downloaded only.',
        );
      }
      const summaries: ImportSummary[] = [];
      const entry = (outcome: 'success' | 'failure', error?: string) => ({
        type: 'hmis-report-sent' as const,
        outcome,
        agent: agentOf(actor),
        entity: { type: 'hmis-report' as const, id: request.period },
        detail: {
          period: request.period,
          dryRun: request.dryRun,
          summaries: summaries.map((summary) => ({
            orgUnit: summary.orgUnit,
            status: summary.status,
            importCount: summary.importCount,
            conflicts: summary.conflicts.length,
          })),
          ...(error === undefined ? {} : { error }),
        },
      });
      try {
        for (const row of preview.clinics) {
          if (row.clinic === null || row.dataValueSet === null) continue;
          const answer = await dhis2.send(row.dataValueSet, {
            dryRun: request.dryRun,
            idScheme: mapping.idScheme,
          });
          summaries.push({
            clinicId: row.clinic.id,
            clinicName: row.clinic.name,
            orgUnit: row.clinic.orgUnitCode,
            ...answer,
          });
        }
      } catch (error) {
        const said = error instanceof Error ? error.message : 'DHIS2 failed.';
        await deps.trail.note(entry('failure', said));
        const sent = summaries.map((summary) => summary.clinicName).join(', ');
        const message = sent === '' ? said : `${said} Sent before it failed: ${sent}.`;
        throw new AppError(
          error instanceof Dhis2Unauthorized ? 'dhis2_unauthorized' : 'dhis2_unavailable',
          message,
        );
      }
      await deps.trail.note(entry('success'));
      return { period: request.period, dryRun: request.dryRun, summaries };
    },
  };
}

export type HmisService = ReturnType<typeof hmisService>;
