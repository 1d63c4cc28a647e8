import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NetworkFigures, TodayFigures } from '@shared/figures';
import {
  activeSessionMinutes,
  alertWindowDays,
  unansweredAfterHours,
  uptimeWindowDays,
} from '@shared/figures';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-messages';
import { formatNumber, useNumberFormat, type NumberFormat } from '@/lib/number-format';
import { useNetworkFigures, useTodayFigures } from '../api/get-figures';
import { StatTiles, type StatTile } from './stat-tiles';
import { addStaffStrings } from '../staff-strings';

addStaffStrings();

/** Refusals of the figures, in the reader's words: they are one role's to read. */
const refusals = { forbidden: 'staff.figures.notYours' } as const;

/** An amount of storage in the largest unit that keeps it above one (kB, MB, GB). */
function storageAmount(bytes: number, format: NumberFormat): string {
  const units = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let value = bytes / 1000;
  let unit: (typeof units)[number] = units[0];
  for (const next of units.slice(1)) {
    if (value < 1000) break;
    value /= 1000;
    unit = next;
  }
  return formatNumber(value, format.language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  });
}

/** Clinics, users, sessions and uptime, then storage: the network's figures as tiles. */
function networkTiles(figures: NetworkFigures, t: TFunction, format: NumberFormat): StatTile[] {
  return [
    {
      label: t('staff.figures.tenants'),
      value: format.number(figures.clinics),
      counts: t('staff.figures.tenantsCount'),
    },
    {
      label: t('staff.figures.users'),
      value: format.number(figures.users),
      counts: t('staff.figures.usersCount'),
    },
    {
      label: t('staff.figures.sessions'),
      value: format.number(figures.activeSessions),
      counts: t('staff.figures.sessionsCount', {
        minutes: format.number(activeSessionMinutes),
      }),
    },
    {
      label: t('staff.figures.uptime'),
      value: figures.uptimePercent === null ? '—' : format.percent(figures.uptimePercent),
      counts:
        figures.uptimePercent === null
          ? t('staff.figures.uptimeNone')
          : t('staff.figures.uptimeCount', { days: format.number(uptimeWindowDays) }),
    },
    {
      label: t('staff.figures.storage'),
      value: storageAmount(figures.storageBytes.total, format),
      counts: t('staff.figures.storageCount', {
        photos: storageAmount(figures.storageBytes.photos, format),
        database: storageAmount(figures.storageBytes.database, format),
      }),
    },
  ];
}

function todayTiles(figures: TodayFigures, t: TFunction, format: NumberFormat): StatTile[] {
  return [
    {
      label: t('staff.figures.appointments'),
      value: format.number(figures.appointments),
      counts: t('staff.figures.appointmentsCount'),
    },
    {
      label: t('staff.figures.checkIns'),
      value: format.number(figures.checkIns),
      counts: t('staff.figures.checkInsCount'),
    },
    {
      label: t('staff.figures.tasks'),
      value: format.number(figures.tasks.total),
      counts: t('staff.figures.tasksCount', {
        visits: format.number(figures.tasks.visitsWithoutSummary),
        messages: format.number(figures.tasks.unansweredConversations),
        hours: format.number(unansweredAfterHours),
      }),
    },
    {
      label: t('staff.figures.alerts'),
      value: format.number(figures.alerts),
      counts: t('staff.figures.alertsCount', { days: format.number(alertWindowDays) }),
    },
  ];
}

/** The figures once they are in: a spinner while they come, the refusal or failure in words. */
function Figures<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (figures: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return (
      <p role="alert" className="text-accent-700 py-6 text-center">
        {errorMessage(t, query.error, t('staff.figures.error'), refusals)}
      </p>
    );
  }
  return (
    <div className="flex justify-center py-10">
      <Spinner label={t('app.loading')} />
    </div>
  );
}

/** The super admin's home: the whole network at a glance. */
export function NetworkOverview() {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const figures = useNetworkFigures();
  return (
    <>
      <PageHeader title={t('staff.network.title')} actions={<LanguageToggle />} />
      <Figures query={figures}>
        {(data) => <StatTiles tiles={networkTiles(data, t, format)} />}
      </Figures>
    </>
  );
}

/** A clinic manager's day (`/today`); `children` come under the tiles. */
export function ManagerToday({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const figures = useTodayFigures();
  return (
    <>
      <PageHeader title={t('pages.today')} actions={<LanguageToggle />} />
      <Figures query={figures}>
        {(data) => <StatTiles tiles={todayTiles(data, t, format)} />}
      </Figures>
      {children}
    </>
  );
}

/** An admin's overview (`/overview`). */
export function AdminOverview() {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const figures = useNetworkFigures();
  return (
    <>
      <PageHeader title={t('pages.overview')} actions={<LanguageToggle />} />
      <Figures query={figures}>
        {/* The admin sees the network figures without storage. */}
        {(data) => <StatTiles tiles={networkTiles(data, t, format).slice(0, 4)} />}
      </Figures>
    </>
  );
}
