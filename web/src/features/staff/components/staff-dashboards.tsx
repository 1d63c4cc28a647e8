import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { useNumberFormat, type NumberFormat } from '@/lib/number-format';
import { networkFigures, todayFigures } from '../sample-figures';
import { StatTiles } from './stat-tiles';

/** Tenants, users, sessions and uptime, then storage: the network's figures as tiles. */
function networkTiles(t: TFunction, format: NumberFormat) {
  return [
    { label: t('staff.figures.tenants'), value: format.number(networkFigures.tenants) },
    { label: t('staff.figures.users'), value: format.number(networkFigures.users) },
    { label: t('staff.figures.sessions'), value: format.number(networkFigures.sessions) },
    { label: t('staff.figures.uptime'), value: format.percent(networkFigures.uptimePercent) },
    {
      label: t('staff.figures.storage'),
      value: format.percent(networkFigures.storagePercent),
      share: networkFigures.storagePercent,
    },
  ];
}

/** The super admin's home: the whole network at a glance. */
export function NetworkOverview() {
  const { t } = useTranslation();
  const format = useNumberFormat();
  return (
    <>
      <PageHeader title={t('staff.network.title')} actions={<LanguageToggle />} />
      <StatTiles tiles={networkTiles(t, format)} />
    </>
  );
}

/** A clinic manager's day (`/today`). */
export function ManagerToday() {
  const { t } = useTranslation();
  const format = useNumberFormat();
  return (
    <>
      <PageHeader title={t('pages.today')} actions={<LanguageToggle />} />
      <StatTiles
        tiles={[
          {
            label: t('staff.figures.appointments'),
            value: format.number(todayFigures.appointments),
          },
          { label: t('staff.figures.checkIns'), value: format.number(todayFigures.checkIns) },
          { label: t('staff.figures.tasks'), value: format.number(todayFigures.tasks) },
          { label: t('staff.figures.alerts'), value: format.number(todayFigures.alerts) },
        ]}
      />
    </>
  );
}

/** An admin's overview (`/overview`). */
export function AdminOverview() {
  const { t } = useTranslation();
  const format = useNumberFormat();
  return (
    <>
      <PageHeader title={t('pages.overview')} actions={<LanguageToggle />} />
      {/* The admin sees the network figures without storage. */}
      <StatTiles tiles={networkTiles(t, format).slice(0, 4)} />
    </>
  );
}
