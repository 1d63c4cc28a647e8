import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { backupCodeSchema, secondFactorCodeSchema } from '@shared/auth';
import { Button } from '@/components/ui/button';
import { knownErrorText } from '../api/auth-errors';
import { FormError } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';

interface CodeFormProps {
  /** Six digits (one-time, authenticator, phone) or a backup code. */
  kind: 'six-digit' | 'backup';
  label: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  error?: string | undefined;
  onSubmit: (code: string) => void;
}

/** One code field and its button, for every code a sign-in may ask for. */
export function CodeForm({
  kind,
  label,
  submitLabel,
  pendingLabel,
  pending,
  error,
  onSubmit,
}: CodeFormProps) {
  const { t } = useTranslation();
  const form = useForm<{ code: string }>({
    resolver: zodResolver(kind === 'backup' ? backupCodeSchema : secondFactorCodeSchema),
    defaultValues: { code: '' },
  });
  const code = useWatch({ control: form.control, name: 'code' });
  const submit = form.handleSubmit(({ code: value }) => onSubmit(value));
  const sixDigits = kind === 'six-digit';

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <TextField
        label={label}
        autoComplete={sixDigits ? 'one-time-code' : 'off'}
        inputMode={sixDigits ? 'numeric' : 'text'}
        maxLength={sixDigits ? 6 : 32}
        autoFocus
        className={sixDigits ? '[&_input]:tracking-[0.4em]' : undefined}
        error={knownErrorText(t, form.formState.errors.code?.message)}
        {...form.register('code')}
      />
      <FormError>{error}</FormError>
      <Button type="submit" size="lg" disabled={!code.trim() || pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
