import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { belongsToClinic, roleRank, type Person } from '@shared/people';
import { roles, type Role } from '@shared/role';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-message';
import { useDates } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useActOnPerson, type PersonAction } from '../api/act-on-person';
import { SelectField } from './select-field';

const refusals = {
  conflict: 'people.errors.conflict',
  forbidden: 'people.errors.forbidden',
  not_found: 'people.errors.not_found',
  bad_request: 'people.errors.clinicNeeded',
} as const;

const statusStyle = {
  active: 'bg-brand-50 text-brand-800',
  deactivated: 'bg-accent-50 text-accent-700',
  invited: 'bg-muted text-foreground',
} as const;

type Step = 'idle' | 'deactivate' | 'reset' | 'change';

/** One person of the list: who they are, their standing, and what the manager may do. */
export function PersonCard({
  person,
  myRole,
  myId,
  clinics,
}: {
  person: Person;
  myRole: Role;
  myId: string;
  clinics: { id: string; name: string }[];
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const act = useActOnPerson();
  const [step, setStep] = useState<Step>('idle');
  const [role, setRole] = useState<Role>(person.role);
  const [clinicId, setClinicId] = useState(person.clinic?.id ?? clinics[0]?.id ?? '');
  const mayAct =
    person.kind === 'account' && person.id !== myId && roleRank[person.role] <= roleRank[myRole];
  const name = person.name;

  const run = (action: PersonAction, done: string) =>
    act.mutate(action, {
      onSuccess: () => {
        toast.success(done);
        setStep('idle');
      },
    });

  return (
    <li className="border-border bg-card grid gap-2 rounded-xl border p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words">{name}</p>
          <p className="text-muted-foreground text-sm">
            {t(`people.roles.${person.role}`)} · {person.clinic?.name ?? t('people.noClinic')}
          </p>
        </div>
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-semibold',
            statusStyle[person.status],
          )}
        >
          {t(`people.statuses.${person.status}`)}
        </span>
      </div>
      <div className="text-muted-foreground grid gap-0.5 text-sm break-all">
        {person.email && person.kind === 'account' && <span>{person.email}</span>}
        {person.phone && <span>{dates.digits(person.phone)}</span>}
        <span>
          {person.kind === 'invitation'
            ? t('people.invitedUntil', { when: dates.dateTime(person.expiresAt ?? '') })
            : person.lastActiveAt
              ? t('people.lastActive', { when: dates.dateTime(person.lastActiveAt) })
              : t('people.neverActive')}
        </span>
      </div>
      {mayAct && step === 'idle' && (
        <div className="flex flex-wrap gap-2">
          {person.status === 'active' ? (
            <Button size="sm" variant="outline" onClick={() => setStep('deactivate')}>
              {t('people.actions.deactivate')}
            </Button>
          ) : (
            <Button
              size="sm"
              variant="outline"
              disabled={act.isPending}
              onClick={() =>
                run(
                  { kind: 'reactivate', userId: person.id },
                  t('people.done.reactivated', { name }),
                )
              }
            >
              {t('people.actions.reactivate')}
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => setStep('change')}>
            {t('people.actions.change')}
          </Button>
          {person.secondFactor && (
            <Button size="sm" variant="outline" onClick={() => setStep('reset')}>
              {t('people.actions.resetFactor')}
            </Button>
          )}
        </div>
      )}
      {(step === 'deactivate' || step === 'reset') && (
        <div className="grid gap-2" role="group">
          <p className="text-sm">
            {step === 'deactivate'
              ? t('people.confirmDeactivate', { name })
              : t('people.confirmReset', { name })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="destructive"
              disabled={act.isPending}
              onClick={() =>
                step === 'deactivate'
                  ? run(
                      { kind: 'deactivate', userId: person.id },
                      t('people.done.deactivated', { name }),
                    )
                  : run(
                      { kind: 'second-factor/reset', userId: person.id },
                      t('people.done.reset', { name }),
                    )
              }
            >
              {step === 'deactivate' ? t('people.actions.deactivate') : t('people.actions.confirm')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setStep('idle')}>
              {t('people.actions.cancel')}
            </Button>
          </div>
        </div>
      )}
      {step === 'change' && (
        <div className="grid gap-2" role="group">
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            <SelectField label={t('people.role')} value={role} onChange={(v) => setRole(v as Role)}>
              {roles
                .filter((option) => roleRank[option] <= roleRank[myRole])
                .map((option) => (
                  <option key={option} value={option}>
                    {t(`people.roles.${option}`)}
                  </option>
                ))}
            </SelectField>
            {belongsToClinic(role) && (
              <SelectField label={t('people.clinic')} value={clinicId} onChange={setClinicId}>
                {clinics.map((clinic) => (
                  <option key={clinic.id} value={clinic.id}>
                    {clinic.name}
                  </option>
                ))}
              </SelectField>
            )}
          </div>
          <p className="text-muted-foreground text-sm">{t('people.changeNote', { name })}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              disabled={act.isPending}
              onClick={() =>
                run(
                  {
                    kind: 'change',
                    userId: person.id,
                    change: belongsToClinic(role) ? { role, clinicId: clinicId || null } : { role },
                  },
                  t('people.done.changed', { name }),
                )
              }
            >
              {t('people.actions.save')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setStep('idle')}>
              {t('people.actions.cancel')}
            </Button>
          </div>
        </div>
      )}
      {act.isError && (
        <FormError>{errorMessage(t, act.error, t('people.errors.failed'), refusals)}</FormError>
      )}
    </li>
  );
}
