import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { clinicsMessages, newClinicSchema, type Clinic, type ClinicStaff } from '@shared/clinics';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { useAssignClinic } from '../api/assign-clinic';
import { useClinics } from '../api/get-clinics';
import { useSaveClinic } from '../api/save-clinic';
import { addHmisStrings } from '../hmis-strings';

addHmisStrings();

/** The schema's refusals of a clinic's fields, in the reader's words. */
const fieldMessages = {
  [clinicsMessages.nameRequired]: 'hmis.clinics.errors.nameRequired',
  [clinicsMessages.orgUnitInvalid]: 'hmis.clinics.errors.orgUnitInvalid',
} as const;

type ClinicField = 'name' | 'orgUnitCode';

/** What is wrong with each field of a clinic, as the shared schema says, before it is sent. */
function fieldErrorsOf(clinic: { name: string; orgUnitCode: string }) {
  const checked = newClinicSchema.safeParse(clinic);
  const errors: Partial<Record<ClinicField, (typeof fieldMessages)[keyof typeof fieldMessages]>> =
    {};
  for (const issue of checked.success ? [] : checked.error.issues) {
    const field = issue.path[0];
    const known = Object.hasOwn(fieldMessages, issue.message);
    if ((field === 'name' || field === 'orgUnitCode') && known) {
      errors[field] ??= fieldMessages[issue.message as keyof typeof fieldMessages];
    }
  }
  return errors;
}

const refusals = {
  conflict: 'hmis.clinics.errors.conflict',
  forbidden: 'hmis.clinics.errors.forbidden',
  not_found: 'hmis.clinics.errors.not_found',
} as const;

/** A clinic's name and organisation unit: a new one (`clinic` absent) or one to change. */
function ClinicForm({ clinic }: { clinic?: Clinic }) {
  const { t } = useTranslation();
  const save = useSaveClinic();
  const [name, setName] = useState(clinic?.name ?? '');
  const [orgUnitCode, setOrgUnitCode] = useState(clinic?.orgUnitCode ?? '');
  const [fieldErrors, setFieldErrors] = useState<ReturnType<typeof fieldErrorsOf>>({});
  const titleId = useId();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const errors = fieldErrorsOf({ name, orgUnitCode });
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    save.mutate(
      { ...(clinic ? { id: clinic.id } : {}), clinic: { name, orgUnitCode } },
      {
        onSuccess: () => {
          toast.success(clinic ? t('hmis.clinics.saved') : t('hmis.clinics.added'));
          if (!clinic) {
            setName('');
            setOrgUnitCode('');
          }
        },
      },
    );
  };
  return (
    <Card aria-labelledby={titleId}>
      <form onSubmit={submit} className="grid gap-3">
        <CardTitle id={titleId}>{clinic ? clinic.name : t('hmis.clinics.add')}</CardTitle>
        <TextField
          label={t('hmis.clinics.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={fieldErrors.name && t(fieldErrors.name)}
          required
          maxLength={120}
        />
        <TextField
          label={t('hmis.clinics.orgUnit')}
          value={orgUnitCode}
          onChange={(event) => setOrgUnitCode(event.target.value)}
          error={fieldErrors.orgUnitCode && t(fieldErrors.orgUnitCode)}
          required
          maxLength={50}
        />
        {save.isError && (
          <FormError>{errorMessage(t, save.error, t('hmis.clinics.failed'), refusals)}</FormError>
        )}
        <Button type="submit" disabled={save.isPending}>
          {clinic ? t('hmis.clinics.save') : t('hmis.clinics.add')}
        </Button>
      </form>
    </Card>
  );
}

/** A doctor or manager and the clinic they belong to, changed in place. */
function StaffRow({ person, clinics }: { person: ClinicStaff; clinics: Clinic[] }) {
  const { t } = useTranslation();
  const assign = useAssignClinic();
  const id = useId();
  return (
    <li className="border-border flex flex-wrap items-center gap-2 border-t py-2">
      <span className="min-w-0 flex-1">
        <span className="font-semibold">{person.name}</span>{' '}
        <span className="text-muted-foreground text-sm">
          {t(`hmis.clinics.roles.${person.role}`)}
        </span>
      </span>
      <label htmlFor={id} className="sr-only">
        {t('hmis.clinics.clinicOf', { name: person.name })}
      </label>
      <select
        id={id}
        value={person.clinicId ?? ''}
        disabled={assign.isPending}
        onChange={(event) =>
          assign.mutate(
            { userId: person.id, clinicId: event.target.value || null },
            {
              onSuccess: () => toast.success(t('hmis.clinics.assigned')),
              onError: (error) =>
                toast.error(errorMessage(t, error, t('hmis.clinics.failed'), refusals)),
            },
          )
        }
        className="border-border bg-card focus-visible:outline-ring min-h-10 rounded-lg border px-2 py-1"
      >
        <option value="">{t('hmis.clinics.none')}</option>
        {clinics.map((clinic) => (
          <option key={clinic.id} value={clinic.id}>
            {clinic.name}
          </option>
        ))}
      </select>
    </li>
  );
}

/** The superadmin's clinics (`/clinics`): add, rename, set the org unit, put staff in one. */
export function ClinicsScreen() {
  const { t } = useTranslation();
  const overview = useClinics();
  const staffId = useId();
  const data = overview.data;
  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader title={t('hmis.clinics.title')} actions={<LanguageToggle />} />
      <p className="text-muted-foreground text-sm">{t('hmis.clinics.intro')}</p>
      {overview.isError ? (
        <FormError>
          {errorMessage(t, overview.error, t('hmis.clinics.loadFailed'), refusals)}
        </FormError>
      ) : !data ? (
        <div aria-busy="true" className="bg-muted h-40 animate-pulse rounded-xl" />
      ) : (
        <>
          {data.clinics.length === 0 && <p className="text-sm">{t('hmis.clinics.empty')}</p>}
          {data.clinics.map((clinic) => (
            <ClinicForm key={`${clinic.id}-${clinic.name}-${clinic.orgUnitCode}`} clinic={clinic} />
          ))}
          <ClinicForm />
          <section aria-labelledby={staffId}>
            <h2 id={staffId} className="text-lg font-semibold">
              {t('hmis.clinics.staffTitle')}
            </h2>
            {data.staff.length === 0 ? (
              <p className="text-sm">{t('hmis.clinics.staffEmpty')}</p>
            ) : (
              <ul>
                {data.staff.map((person) => (
                  <StaffRow key={person.id} person={person} clinics={data.clinics} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
