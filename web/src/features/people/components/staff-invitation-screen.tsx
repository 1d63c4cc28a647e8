import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { maxPasswordLength, minPasswordLength } from '@shared/auth';
import { staffInvitationAcceptSchema } from '@shared/people';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/error-messages';
import { useAcceptStaffInvitation, useStaffInvitation } from '../api/staff-invitation';
import { addPeopleStrings } from '../people-strings';

addPeopleStrings();

const refusals = { not_found: 'people.accept.gone', conflict: 'people.errors.hasAccount' } as const;

/**
 * A staff invitation's link (`/staff-invitation/:token`): the role and clinic it offers, the
 * invitee's name and the password they choose, typed twice. The account opens, signs in and
 * lands on its role's home (a doctor on the queue).
 */
export function StaffInvitationScreen({ token }: { token: string }) {
  const { t } = useTranslation();
  const invitation = useStaffInvitation(token);
  const accept = useAcceptStaffInvitation();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ name?: string; password?: string; confirm?: string }>({});

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = staffInvitationAcceptSchema.safeParse({ name, password });
    const next: typeof errors = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      if (issue.path[0] === 'name') next.name ??= t('people.accept.nameRequired');
      if (issue.path[0] === 'password') {
        next.password ??=
          issue.message === 'password_too_long'
            ? t('auth.errors.passwordTooLong', { count: maxPasswordLength })
            : t('auth.errors.passwordTooShort', { count: minPasswordLength });
      }
    }
    if (parsed.success && confirmation !== password) next.confirm = t('people.accept.differ');
    setErrors(next);
    if (!parsed.success || next.confirm) return;
    accept.mutate({ token, accept: parsed.data });
  };

  const preview = invitation.data;
  return (
    <main className="mx-auto grid w-full max-w-md gap-4 p-4">
      <header className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight">{t('people.accept.title')}</h1>
        <LanguageToggle />
      </header>
      {invitation.isError ? (
        <FormError>
          {errorMessage(t, invitation.error, t('people.accept.gone'), refusals)}
        </FormError>
      ) : !preview ? (
        <p aria-busy="true" className="text-sm">
          {t('people.accept.loading')}
        </p>
      ) : (
        <Card className="grid gap-3">
          <p className="text-lg font-semibold">
            {preview.clinicName
              ? t('people.accept.offer', {
                  role: t(`people.roles.${preview.role}`),
                  clinic: preview.clinicName,
                })
              : t('people.accept.offerNoClinic', { role: t(`people.roles.${preview.role}`) })}
          </p>
          <p className="text-muted-foreground text-sm break-all">
            {t('people.accept.forEmail', { email: preview.email })}
          </p>
          <form noValidate onSubmit={submit} className="grid gap-4">
            <TextField
              label={t('people.accept.name')}
              autoComplete="name"
              value={name}
              error={errors.name}
              maxLength={120}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <TextField
              label={t('people.accept.password')}
              type="password"
              autoComplete="new-password"
              hint={
                errors.password
                  ? undefined
                  : t('auth.signup.passwordHint', { count: minPasswordLength })
              }
              error={errors.password}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <TextField
              label={t('people.accept.confirm')}
              type="password"
              autoComplete="new-password"
              error={errors.confirm}
              value={confirmation}
              onChange={(event) => setConfirmation(event.currentTarget.value)}
            />
            {accept.isError && (
              <FormError>
                {errorMessage(t, accept.error, t('people.errors.failed'), refusals)}
              </FormError>
            )}
            <Button type="submit" size="lg" disabled={accept.isPending || accept.isSuccess}>
              {accept.isPending || accept.isSuccess
                ? t('people.accept.saving')
                : t('people.accept.submit')}
            </Button>
          </form>
        </Card>
      )}
    </main>
  );
}
