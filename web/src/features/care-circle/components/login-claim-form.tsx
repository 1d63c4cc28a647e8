import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { loginClaimSchema, type InvitationPreview } from '@shared/care-circle';
import { minPasswordLength, maxPasswordLength } from '@shared/auth';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError, FormSuccess } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { useClaimLogin } from '../api/invitations';
import { careServerError } from '../care-circle-errors';

/**
 * A dependent's own login, from the link their guardian mailed them: whose it is, and the
 * password they choose, typed twice: the sign-up page's rules, in its own words (`auth.*`). Then they sign in with the
 * address the link was mailed to.
 */
export function LoginClaimForm({
  token,
  invitation,
}: {
  token: string;
  invitation: InvitationPreview;
}) {
  const { t } = useTranslation();
  const claim = useClaimLogin();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [confirmationError, setConfirmationError] = useState<string | null>(null);

  if (claim.isSuccess) {
    const signIn = `/login?${new URLSearchParams({ email: claim.data.email }).toString()}`;
    return (
      <Card className="grid gap-3">
        <FormSuccess>{t('careCircle.login.ready', { email: claim.data.email })}</FormSuccess>
        <Button asChild size="lg">
          <Link href={signIn}>{t('auth.login.submit')}</Link>
        </Button>
      </Card>
    );
  }

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = loginClaimSchema.safeParse({ password });
    // The sign-up page's refusals of a password, in the reader's language.
    const refusal = parsed.success ? undefined : parsed.error.issues[0]?.message;
    setPasswordError(
      refusal === undefined
        ? null
        : refusal === 'password_too_long'
          ? t('auth.errors.passwordTooLong', { count: maxPasswordLength })
          : t('auth.errors.passwordTooShort', { count: minPasswordLength }),
    );
    const differs = parsed.success && confirmation !== password;
    setConfirmationError(differs ? t('careCircle.login.passwordsDiffer') : null);
    if (!parsed.success || differs) return;
    claim.mutate({ token, password });
  };

  return (
    <Card className="grid gap-3">
      <p className="text-lg font-semibold">
        {t('careCircle.login.whose', { name: invitation.patientName })}
      </p>
      <p className="text-muted-foreground text-sm">
        {t('careCircle.invitation.forEmail', { email: invitation.email })}
      </p>
      <form noValidate onSubmit={submit} className="grid gap-4">
        <TextField
          label={t('auth.fields.newPassword')}
          type="password"
          autoComplete="new-password"
          // The rule gives way to the error that says what is wrong with this password.
          hint={
            passwordError ? undefined : t('auth.signup.passwordHint', { count: minPasswordLength })
          }
          error={passwordError}
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setPasswordError(null);
          }}
        />
        <TextField
          label={t('careCircle.login.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={confirmationError}
          value={confirmation}
          onChange={(event) => {
            setConfirmation(event.currentTarget.value);
            setConfirmationError(null);
          }}
        />
        <FormError>{careServerError(t, claim.error)}</FormError>
        <Button type="submit" size="lg" disabled={!password || !confirmation || claim.isPending}>
          {claim.isPending ? t('careCircle.dependents.saving') : t('careCircle.login.create')}
        </Button>
      </form>
    </Card>
  );
}
