import { DownloadIcon, ShieldAlertIcon } from 'lucide-react';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@shared/audit';
import { auditExportLimit, auditTypes, type AuditType } from '@shared/audit-types';
import { roleSchema } from '@shared/role';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { DateInput } from '@/components/ui/date-input';
import { Label } from '@/components/ui/label';
import { LoadingNote } from '@/components/ui/loading-note';
import { TextField } from '@/components/ui/text-field';
import { useAuditWords } from '@/lib/audit-words';
import { cn } from '@/lib/cn';
import { useDates } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { useNumberFormat } from '@/lib/number-format';
import {
  exportHref,
  useAuditTrail,
  usePausedAccounts,
  type AuditFilters,
} from '../api/audit-queries';
import { addComplianceStrings } from '../compliance-strings';

addComplianceStrings();

const refusals = {
  validation_failed: 'compliance.errors.invalidInput',
  bad_request: 'compliance.errors.invalidInput',
} as const;

const typeNames = Object.keys(auditTypes) as AuditType[];

const selectClass =
  'border-border bg-card focus-visible:outline-ring min-h-10 w-full rounded-lg border px-2 py-1';

const failedSignIns: AuditFilters = { type: 'login', outcome: 'failure' };

/** The filters as the form holds them: every field a string, '' for none. */
interface Draft {
  agent: string;
  patient: string;
  type: string;
  outcome: string;
  from: string;
  to: string;
}

function filtersOf(draft: Draft): AuditFilters {
  const trimmed = (text: string) => text.trim() || undefined;
  return {
    agent: trimmed(draft.agent),
    patient: trimmed(draft.patient),
    type: (draft.type || undefined) as AuditType | undefined,
    outcome: (draft.outcome || undefined) as 'success' | 'failure' | undefined,
    from: draft.from || undefined,
    to: draft.to || undefined,
  };
}

function draftOf(filters: AuditFilters): Draft {
  return {
    agent: filters.agent ?? '',
    patient: filters.patient ?? '',
    type: filters.type ?? '',
    outcome: filters.outcome ?? '',
    from: filters.from ?? '',
    to: filters.to ?? '',
  };
}

function FiltersForm({
  applied,
  onApply,
}: {
  applied: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const { t } = useTranslation();
  const words = useAuditWords();
  const [draft, setDraft] = useState<Draft>(() => draftOf(applied));
  const id = useId();
  const set = (field: keyof Draft) => (value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    onApply(filtersOf(draft));
  };
  const apply = (filters: AuditFilters) => {
    setDraft(draftOf(filters));
    onApply(filters);
  };
  return (
    <Card aria-labelledby={`${id}-title`}>
      <form onSubmit={submit} className="grid gap-3">
        <CardTitle id={`${id}-title`}>{t('compliance.filters')}</CardTitle>
        <TextField
          label={t('compliance.agent')}
          type="email"
          autoComplete="off"
          value={draft.agent}
          onChange={(event) => set('agent')(event.target.value)}
        />
        <TextField
          label={t('compliance.patient')}
          type="email"
          autoComplete="off"
          value={draft.patient}
          onChange={(event) => set('patient')(event.target.value)}
        />
        <div className="grid gap-1">
          <Label htmlFor={`${id}-type`}>{t('compliance.type')}</Label>
          <select
            id={`${id}-type`}
            className={selectClass}
            value={draft.type}
            onChange={(event) => set('type')(event.target.value)}
          >
            <option value="">{t('compliance.anyType')}</option>
            {typeNames.map((type) => (
              <option key={type} value={type}>
                {words.type(type)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-outcome`}>{t('compliance.outcome')}</Label>
          <select
            id={`${id}-outcome`}
            className={selectClass}
            value={draft.outcome}
            onChange={(event) => set('outcome')(event.target.value)}
          >
            <option value="">{t('compliance.anyOutcome')}</option>
            <option value="success">{t('compliance.succeeded')}</option>
            <option value="failure">{t('compliance.failed')}</option>
          </select>
        </div>
        <div className="grid gap-3 min-[400px]:grid-cols-2">
          <div className="grid gap-1">
            <Label id={`${id}-from-label`} htmlFor={`${id}-from`}>
              {t('compliance.from')}
            </Label>
            <DateInput
              id={`${id}-from`}
              aria-labelledby={`${id}-from-label`}
              value={draft.from}
              onChange={set('from')}
              max={draft.to || undefined}
            />
          </div>
          <div className="grid gap-1">
            <Label id={`${id}-to-label`} htmlFor={`${id}-to`}>
              {t('compliance.to')}
            </Label>
            <DateInput
              id={`${id}-to`}
              aria-labelledby={`${id}-to-label`}
              value={draft.to}
              onChange={set('to')}
              min={draft.from || undefined}
            />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit">{t('compliance.show')}</Button>
          <Button type="button" variant="outline" onClick={() => apply(failedSignIns)}>
            {t('compliance.failedSignIns')}
          </Button>
          <Button type="button" variant="ghost" onClick={() => apply({})}>
            {t('compliance.clear')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Who acted, as the entry names them: their name or e-mail, a registered system, or nobody. */
function useAgentName() {
  const { t } = useTranslation();
  return (entry: AuditEntry): string => {
    const named = entry.agent.name ?? entry.agent.email;
    if (named) return named;
    return typeof entry.detail?.['smartClient'] === 'string'
      ? t('compliance.system')
      : t('compliance.unknown');
  };
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const words = useAuditWords();
  const dates = useDates();
  const agentName = useAgentName();
  const role = roleSchema.safeParse(entry.agent.role);
  const about = entry.entity.subjectId !== null && entry.entity.subjectId !== entry.agent.id;
  return (
    <li
      className={cn(
        'border-border grid gap-0.5 border-t py-2 first:border-t-0',
        entry.withoutCare && 'border-l-4 border-l-amber-500 bg-amber-50 pl-2',
      )}
    >
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{words.type(entry.type)}</span>
        {entry.outcome === 'failure' && (
          <span className="bg-accent-50 text-accent-700 rounded px-1.5 text-xs font-semibold">
            {t('compliance.failedBadge')}
          </span>
        )}
        {entry.withoutCare && (
          <span
            className="flex items-center gap-1 rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900"
            title={t('compliance.withoutCareHint')}
          >
            <ShieldAlertIcon className="size-3.5" aria-hidden="true" />
            {t('compliance.withoutCare')}
          </span>
        )}
      </span>
      <span className="text-sm break-words">
        {agentName(entry)}
        {role.success && ` · ${words.role(role.data)}`}
        {entry.agent.onBehalfOf !== null &&
          ` · ${t('compliance.for', { name: entry.entity.subjectName ?? '' })}`}
      </span>
      {about && entry.agent.onBehalfOf === null && (
        <span className="text-sm break-words">
          {entry.entity.subjectName
            ? t('compliance.about', { name: entry.entity.subjectName })
            : t('compliance.aboutSomeone')}
        </span>
      )}
      <span className="text-muted-foreground text-sm">{dates.dateTime(entry.recorded)}</span>
      {entry.withoutCare && <span className="sr-only">{t('compliance.withoutCareHint')}</span>}
    </li>
  );
}

function Trail({ filters }: { filters: AuditFilters }) {
  const { t } = useTranslation();
  const trail = useAuditTrail(filters);
  const format = useNumberFormat();
  const entries = trail.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Card aria-labelledby="compliance-entries" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id="compliance-entries">{t('compliance.entries')}</CardTitle>
        <Button asChild variant="outline" size="sm">
          <a href={exportHref(filters)} download>
            <DownloadIcon aria-hidden="true" />
            {t('compliance.export')}
          </a>
        </Button>
      </div>
      <p className="text-muted-foreground text-sm">
        {t('compliance.exportHint', { limit: format.number(auditExportLimit) })}
      </p>
      {trail.isPending && <LoadingNote />}
      {trail.isError && (
        <div role="alert" className="grid gap-2">
          <p>{errorMessage(t, trail.error, t('compliance.failedToLoad'), refusals)}</p>
          <Button variant="secondary" onClick={() => void trail.refetch()}>
            {t('compliance.retry')}
          </Button>
        </div>
      )}
      {trail.isSuccess && entries.length === 0 && (
        <p className="text-muted-foreground text-center">{t('compliance.none')}</p>
      )}
      {entries.length > 0 && (
        <ul>
          {entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      {trail.hasNextPage && (
        <Button
          variant="secondary"
          disabled={trail.isFetchingNextPage}
          onClick={() => void trail.fetchNextPage()}
        >
          {t('compliance.more')}
        </Button>
      )}
    </Card>
  );
}

function PausedAccountsCard() {
  const { t } = useTranslation();
  const paused = usePausedAccounts();
  const dates = useDates();
  const format = useNumberFormat();
  return (
    <Card aria-labelledby="compliance-paused" className="grid gap-2">
      <CardTitle id="compliance-paused">{t('compliance.paused')}</CardTitle>
      <p className="text-muted-foreground text-sm">{t('compliance.pausedIntro')}</p>
      {paused.isPending && <LoadingNote />}
      {paused.isError && <p role="alert">{t('compliance.failedToLoad')}</p>}
      {paused.isSuccess && paused.data.accounts.length === 0 && (
        <p className="text-muted-foreground text-sm">{t('compliance.pausedNone')}</p>
      )}
      {paused.isSuccess && paused.data.accounts.length > 0 && (
        <ul>
          {paused.data.accounts.map((account) => (
            <li key={account.email} className="border-border grid border-t py-2 first:border-t-0">
              <span className="font-semibold break-all">{account.email}</span>
              <span className="text-sm">
                {t('compliance.pausedRow', {
                  number: format.number(account.failures),
                  until: dates.time(account.until),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** `/compliance`: the super administrator's audit trail, its export and paused sign-ins. */
export function ComplianceScreen() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>({});
  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader title={t('compliance.title')} actions={<LanguageToggle />} />
      <p className="text-muted-foreground text-sm">{t('compliance.intro')}</p>
      <FiltersForm applied={filters} onApply={setFilters} />
      <Trail filters={filters} />
      <PausedAccountsCard />
    </div>
  );
}
