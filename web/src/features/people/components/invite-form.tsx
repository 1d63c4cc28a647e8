import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailAddress } from '@shared/auth';
import { belongsToClinic, roleRank, staffRoles } from '@shared/people';
import type { Role } from '@shared/role';

type StaffRole = (typeof staffRoles)[number];
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { useInviteStaff } from '../api/invite-staff';
import { SelectField } from './select-field';

const refusals = {
  conflict: 'people.errors.hasAccount',
  forbidden: 'people.errors.forbidden',
  not_found: 'people.errors.not_found',
  bad_request: 'people.errors.clinicNeeded',
  validation_failed: 'people.errors.invalidEmail',
} as const;

/** Invites a staff member by e-mail: their role, their clinic, and the mail's language. */
export function InviteForm({
  myRole,
  clinics,
}: {
  myRole: Role;
  clinics: { id: string; name: string }[];
}) {
  const { t, i18n } = useTranslation();
  const invite = useInviteStaff();
  const titleId = useId();
  // An admin invites the roles of their clinic; the superadmin the network's too.
  const roles = staffRoles.filter(
    (role) => roleRank[role] <= roleRank[myRole] && (myRole !== 'admin' || belongsToClinic(role)),
  );
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('doctor');
  const [clinicId, setClinicId] = useState(clinics[0]?.id ?? '');
  const [language, setLanguage] = useState<'en' | 'ne'>(
    i18n.resolvedLanguage === 'ne' ? 'ne' : 'en',
  );
  const [emailError, setEmailError] = useState<string | null>(null);
  const needsClinic = belongsToClinic(role);

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = emailAddress.safeParse(email);
    setEmailError(checked.success ? null : t('people.errors.invalidEmail'));
    if (!checked.success) return;
    invite.mutate(
      { email, role, clinicId: needsClinic ? clinicId || null : null, language },
      {
        onSuccess: (person) => {
          toast.success(t('people.done.invited', { email: person.email ?? email }));
          setEmail('');
        },
      },
    );
  };

  return (
    <Card aria-labelledby={titleId}>
      <form noValidate onSubmit={submit} className="grid gap-3">
        <CardTitle id={titleId}>{t('people.invite.title')}</CardTitle>
        <TextField
          label={t('people.invite.email')}
          type="email"
          autoComplete="off"
          value={email}
          error={emailError}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailError(null);
          }}
        />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <SelectField
            label={t('people.role')}
            value={role}
            onChange={(v) => setRole(v as StaffRole)}
          >
            {roles.map((option) => (
              <option key={option} value={option}>
                {t(`people.roles.${option}`)}
              </option>
            ))}
          </SelectField>
          {needsClinic && (
            <SelectField label={t('people.clinic')} value={clinicId} onChange={setClinicId}>
              {clinics.map((clinic) => (
                <option key={clinic.id} value={clinic.id}>
                  {clinic.name}
                </option>
              ))}
            </SelectField>
          )}
          <SelectField
            label={t('people.invite.language')}
            value={language}
            onChange={(v) => setLanguage(v === 'ne' ? 'ne' : 'en')}
          >
            <option value="en">{t('people.languages.en')}</option>
            <option value="ne">{t('people.languages.ne')}</option>
          </SelectField>
        </div>
        {invite.isError && (
          <FormError>
            {errorMessage(t, invite.error, t('people.errors.failed'), refusals)}
          </FormError>
        )}
        <Button type="submit" disabled={invite.isPending || email.trim() === ''}>
          {invite.isPending ? t('people.invite.sending') : t('people.invite.send')}
        </Button>
      </form>
    </Card>
  );
}
