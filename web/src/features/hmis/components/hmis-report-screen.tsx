import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ageBands,
  bsMonths,
  hmisSexes,
  type DataValueSet,
  type HmisReport,
  type ReportClinic,
  type SendResult,
} from '@shared/hmis';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-message';
import { Spinner } from '@/components/ui/spinner';
import { useDates } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { useNumberFormat } from '@/lib/number-format';
import { useHmisReport } from '../api/get-hmis-report';
import { useSendHmisReport } from '../api/send-hmis-report';
import { addHmisStrings } from '../hmis-strings';
import { saveFile } from '@/lib/save-file';

addHmisStrings();

/** Years offered before the last complete month's (and the one after it, for this month's). */
const yearsBack = 5;

const refusals = {
  forbidden: 'hmis.errors.forbidden',
  dhis2_unauthorized: 'hmis.errors.dhis2_unauthorized',
  dhis2_unavailable: 'hmis.errors.dhis2_unavailable',
  hmis_month_not_ended: 'hmis.errors.hmis_month_not_ended',
  bs_calendar_ended: 'hmis.errors.bs_calendar_ended',
  service_unavailable: 'hmis.errors.service_unavailable',
  validation_failed: 'hmis.errors.validation_failed',
} as const;

const selectClass =
  'border-border bg-card focus-visible:outline-ring min-h-10 rounded-lg border px-2 py-1';

/** Every clinic's values in one `dataValueSet`, each value naming its org unit, as DHIS2 imports it. */
function downloadable(report: HmisReport): Omit<DataValueSet, 'orgUnit'> {
  const sets = report.clinics.flatMap((row) => (row.dataValueSet ? [row.dataValueSet] : []));
  return {
    dataSet: sets[0]?.dataSet ?? '',
    period: report.period.id,
    completeDate: report.completeDate,
    dataValues: sets.flatMap((set) =>
      set.dataValues.map((value) => ({ ...value, orgUnit: set.orgUnit })),
    ),
  };
}

function download(report: HmisReport): void {
  saveFile(
    `hmis-${report.period.id}.json`,
    JSON.stringify(downloadable(report), null, 2),
    'application/json',
  );
}

/** A labelled select of numbers: the month or the year. */
function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: number;
  options: { value: number; label: string }[];
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        className={selectClass}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * One clinic's counts: sex by age band, then the new and follow-up patients. Small type and
 * headings that wrap keep all seven columns on a 360 px phone, "Unknown" and "Total" whole.
 */
function ClinicCounts({ row }: { row: ReportClinic }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const titleId = useId();
  const value = (sex: string, band: string) =>
    row.counts.consultations.find((cell) => cell.sex === sex && cell.ageBand === band)?.value ?? 0;
  return (
    <Card aria-labelledby={titleId} className="grid gap-2">
      <CardTitle id={titleId}>{row.clinic?.name ?? t('hmis.noClinic')}</CardTitle>
      <p className="text-muted-foreground text-sm">
        {row.clinic ? t('hmis.orgUnit', { code: row.clinic.orgUnitCode }) : t('hmis.noClinicNote')}
      </p>
      <div className="overflow-x-auto">
        <table className="w-full text-xs">
          <caption className="sr-only">{row.clinic?.name ?? t('hmis.noClinic')}</caption>
          <thead>
            <tr>
              <th scope="col" className="px-0.5 py-1 text-left align-bottom">
                {t('hmis.sex')}
              </th>
              {ageBands.map((band) => (
                <th key={band} scope="col" className="px-0.5 py-1 text-right align-bottom">
                  {t(`hmis.bands.${band}`)}
                </th>
              ))}
              <th scope="col" className="px-0.5 py-1 text-right align-bottom">
                {t('hmis.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {hmisSexes.map((sex) => (
              <tr key={sex} className="border-border border-t">
                <th scope="row" className="px-0.5 py-1 text-left font-medium">
                  {t(`hmis.sexes.${sex}`)}
                </th>
                {ageBands.map((band) => (
                  <td key={band} className="px-0.5 py-1 text-right tabular-nums">
                    {format.number(value(sex, band))}
                  </td>
                ))}
                <td className="px-0.5 py-1 text-right font-semibold tabular-nums">
                  {format.number(ageBands.reduce((sum, band) => sum + value(sex, band), 0))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">{t('hmis.consultations')}</dt>
          <dd className="font-semibold">{format.number(row.counts.total)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('hmis.newPatients')}</dt>
          <dd className="font-semibold">{format.number(row.counts.newPatients)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('hmis.followUpPatients')}</dt>
          <dd className="font-semibold">{format.number(row.counts.followUpPatients)}</dd>
        </div>
      </dl>
    </Card>
  );
}

/** What DHIS2 answered, clinic by clinic. */
function ImportSummaries({ result }: { result: SendResult }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid gap-2">
      <h2 id={titleId} className="text-lg font-semibold">
        {t('hmis.summaryTitle')}
      </h2>
      <p role="status" className="text-sm">
        {result.dryRun ? t('hmis.summaryDryRun') : t('hmis.summarySent')}
      </p>
      {result.summaries.length === 0 && <p className="text-sm">{t('hmis.nothingSent')}</p>}
      {result.summaries.map((summary) => (
        <Card key={summary.clinicId} className="grid gap-1 text-sm">
          <CardTitle>{summary.clinicName}</CardTitle>
          <p>
            {t('hmis.status')}: <strong>{summary.status}</strong>
          </p>
          <dl className="grid grid-cols-4 gap-2">
            {(['imported', 'updated', 'ignored', 'deleted'] as const).map((key) => (
              <div key={key}>
                <dt className="text-muted-foreground">{t(`hmis.${key}`)}</dt>
                <dd className="font-semibold">{format.number(summary.importCount[key])}</dd>
              </div>
            ))}
          </dl>
          {summary.conflicts.length > 0 && (
            <>
              <p className="font-semibold">{t('hmis.conflicts')}</p>
              <ul className="list-disc ps-5">
                {summary.conflicts.map((conflict, index) => (
                  <li key={index}>
                    <code>{conflict.object}</code>: {conflict.value}
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>
      ))}
    </section>
  );
}

/**
 * The HMIS report (`/hmis`): a BS month (the last complete one first), each clinic's counts,
 * a dry run and a send to DHIS2 with what it answered, and the month's JSON to download.
 */
export function HmisReportScreen() {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const dates = useDates();
  const [period, setPeriod] = useState<string | undefined>(undefined);
  const [lastYear, setLastYear] = useState<number | undefined>(undefined);
  const report = useHmisReport(period);
  const send = useSendHmisReport();
  const data = report.data;
  if (data && lastYear === undefined) setLastYear(data.period.year);
  const years =
    lastYear === undefined
      ? []
      : Array.from({ length: yearsBack + 2 }, (_, index) => lastYear - yearsBack + index);
  const choose = (year: number, month: number) => {
    send.reset();
    setPeriod(`${year}${String(month).padStart(2, '0')}`);
  };

  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader title={t('hmis.title')} actions={<LanguageToggle />} />
      <p className="text-muted-foreground text-sm">{t('hmis.intro')}</p>
      {data && (
        <div className="flex flex-wrap items-end gap-3">
          <Choice
            label={t('hmis.month')}
            value={data.period.month}
            options={bsMonths.map((name, index) => ({
              value: index + 1,
              label: t(`hmis.months.${name}`),
            }))}
            onChange={(month) => choose(data.period.year, month)}
          />
          <Choice
            label={t('hmis.year')}
            value={data.period.year}
            options={years.map((year) => ({ value: year, label: format.digits(String(year)) }))}
            onChange={(year) => choose(year, data.period.month)}
          />
        </div>
      )}
      {report.isError ? (
        <FormError>{errorMessage(t, report.error, t('hmis.loadFailed'), refusals)}</FormError>
      ) : !data ? (
        <div className="flex justify-center py-10">
          <Spinner label={t('app.loading')} />
        </div>
      ) : (
        <>
          <p className="text-sm font-medium" aria-live="polite">
            {t('hmis.periodLine', {
              month: t(`hmis.months.${data.period.name as (typeof bsMonths)[number]}`),
              year: format.digits(String(data.period.year)),
              period: format.digits(data.period.id),
              from: dates.day(data.period.firstDay),
              to: dates.day(data.period.lastDay),
            })}
          </p>
          {data.clinics.length === 0 && <p className="text-sm">{t('hmis.noClinics')}</p>}
          {data.clinics.map((row) => (
            <ClinicCounts key={row.clinic?.id ?? 'none'} row={row} />
          ))}
          {!data.canSend && <p className="text-sm">{t('hmis.notConfigured')}</p>}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              disabled={!data.canSend || send.isPending || report.isFetching}
              onClick={() => send.mutate({ period: data.period.id, dryRun: true })}
            >
              {t('hmis.dryRun')}
            </Button>
            <Button
              disabled={!data.canSend || send.isPending || report.isFetching}
              onClick={() => send.mutate({ period: data.period.id, dryRun: false })}
            >
              {t('hmis.send')}
            </Button>
            <Button variant="secondary" onClick={() => download(data)}>
              {t('hmis.download')}
            </Button>
          </div>
          {send.isPending && <Spinner label={t('app.loading')} />}
          {send.isError && (
            <FormError>{errorMessage(t, send.error, t('hmis.sendFailed'), refusals)}</FormError>
          )}
          {send.data && <ImportSummaries result={send.data} />}
        </>
      )}
    </div>
  );
}
