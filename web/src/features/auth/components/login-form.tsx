import { useState, type ChangeEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { signInSchema, type SecondFactorMethod, type SignInInput } from '@shared/auth';
import { Button } from '@/components/ui/button';
import { knownErrorText, signInErrorText } from '../api/auth-errors';
import { useSignInWithPassword } from '../api/sign-in';
import { FormError } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { EmailField } from './email-field';

interface LoginFormProps {
  onSignedIn: () => Promise<void>;
  onSecondFactor: (methods: SecondFactorMethod[]) => void;
  /** The address to start with, such as one a page that made the login sent along. */
  initialEmail?: string | null;
}

type FieldErrors = Partial<Record<keyof SignInInput, string>>;

/**
 * Email and password; the button waits for both. The first screen
 * most people load on slow data, so two fields are checked with the shared schema
 * directly rather than through react-hook-form (about 9 KB of gzip JavaScript).
 */
export function LoginForm({ onSignedIn, onSecondFactor, initialEmail }: LoginFormProps) {
  const { t } = useTranslation();
  const signIn = useSignInWithPassword();
  const [values, setValues] = useState<SignInInput>({
    email: initialEmail ?? '',
    password: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const busy = signIn.isPending || signIn.isSuccess;

  const change = (field: keyof SignInInput) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = signInSchema.safeParse(values);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof SignInInput;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    signIn.mutate(parsed.data, {
      onSuccess: (result) => {
        if (result.status === 'second-factor') onSecondFactor(result.methods);
        else void onSignedIn();
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <EmailField
        name="email"
        autoComplete="username"
        value={values.email}
        onChange={change('email')}
        error={knownErrorText(t, errors.email)}
      />
      <TextField
        label={t('auth.fields.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={change('password')}
        error={knownErrorText(t, errors.password)}
      />
      {signIn.isError && <FormError>{signInErrorText(t, signIn.error)}</FormError>}
      <Button type="submit" size="lg" disabled={!values.email || !values.password || busy}>
        {signIn.isPending ? t('auth.login.submitting') : t('auth.login.submit')}
      </Button>
    </form>
  );
}
