import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { personStatuses, type PeopleQuery, type PersonStatus } from '@shared/people';
import { roles, type Role } from '@shared/role';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { useDates } from '@/lib/dates';
import { errorMessage } from '@/lib/error-messages';
import { usePeople } from '../api/get-people';
import { addPeopleStrings } from '../people-strings';
import { InviteForm } from './invite-form';
import { PersonCard } from './person-card';
import { SelectField } from './select-field';
import { SmartClientsSection } from './smart-clients-section';

addPeopleStrings();

/**
 * People (`/people`): an admin's clinic's, the superadmin's everyone. Search by name, e-mail
 * or phone; filter by role, clinic and standing; a page at a time; invite staff; and on each
 * person, deactivate or reactivate, change the role or clinic, reset the second factor. The
 * superadmin also registers the FHIR systems that read without a person.
 */
export function PeopleScreen({ myRole, myId }: { myRole: Role; myId: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  const listId = useId();
  const [q, setQ] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [clinicId, setClinicId] = useState('');
  const [status, setStatus] = useState<PersonStatus | ''>('');
  const [page, setPage] = useState(1);
  const query: PeopleQuery = {
    ...(q.trim() ? { q: q.trim().slice(0, 100) } : {}),
    ...(role ? { role } : {}),
    ...(clinicId ? { clinicId } : {}),
    ...(status ? { status } : {}),
    page,
  };
  const people = usePeople(query);
  const data = people.data;
  const clinics = data?.clinics ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const noScope = myRole === 'admin' && data !== undefined && clinics.length === 0;

  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader title={t('people.title')} actions={<LanguageToggle />} />
      <p className="text-muted-foreground text-sm">
        {myRole === 'superadmin' ? t('people.introAll') : t('people.intro')}
      </p>
      {noScope ? (
        <p className="text-sm">{t('people.noScope')}</p>
      ) : (
        data && <InviteForm myRole={myRole} clinics={clinics} />
      )}
      <section aria-labelledby={listId} className="grid gap-3">
        <h2 id={listId} className="text-lg font-semibold">
          {data ? t('people.count', { count: data.total }) : t('people.title')}
        </h2>
        <TextField
          label={t('people.search')}
          type="search"
          value={q}
          maxLength={100}
          onChange={(event) => filtered(setQ)(event.target.value)}
        />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <SelectField
            label={t('people.role')}
            value={role}
            onChange={(value) => filtered(setRole)(value as Role | '')}
          >
            <option value="">{t('people.any')}</option>
            {roles.map((option) => (
              <option key={option} value={option}>
                {t(`people.roles.${option}`)}
              </option>
            ))}
          </SelectField>
          {myRole === 'superadmin' && (
            <SelectField
              label={t('people.clinic')}
              value={clinicId}
              onChange={filtered(setClinicId)}
            >
              <option value="">{t('people.any')}</option>
              {clinics.map((clinic) => (
                <option key={clinic.id} value={clinic.id}>
                  {clinic.name}
                </option>
              ))}
            </SelectField>
          )}
          <SelectField
            label={t('people.status')}
            value={status}
            onChange={(value) => filtered(setStatus)(value as PersonStatus | '')}
          >
            <option value="">{t('people.any')}</option>
            {personStatuses.map((option) => (
              <option key={option} value={option}>
                {t(`people.statuses.${option}`)}
              </option>
            ))}
          </SelectField>
        </div>
        {people.isError ? (
          <FormError>{errorMessage(t, people.error, t('people.loadFailed'))}</FormError>
        ) : !data ? (
          <div aria-busy="true" className="bg-muted h-40 animate-pulse rounded-xl" />
        ) : data.people.length === 0 ? (
          <p className="text-sm">{t('people.empty')}</p>
        ) : (
          <ul className="grid gap-2">
            {data.people.map((person) => (
              <PersonCard
                key={`${person.id}-${person.status}-${person.role}-${person.clinic?.id ?? ''}`}
                person={person}
                myRole={myRole}
                myId={myId}
                clinics={clinics}
              />
            ))}
          </ul>
        )}
        {data && pages > 1 && (
          <nav className="flex items-center justify-between gap-2" aria-label={t('people.title')}>
            <Button
              variant="outline"
              size="sm"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              {t('people.previous')}
            </Button>
            <span className="text-sm">
              {t('people.page', {
                page: dates.digits(String(page)),
                pages: dates.digits(String(pages)),
              })}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              {t('people.next')}
            </Button>
          </nav>
        )}
      </section>
      {myRole === 'superadmin' && <SmartClientsSection />}
    </div>
  );
}
