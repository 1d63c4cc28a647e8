import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';

/** The e-mail field every sign-in form starts with; a form may ask for another autocomplete hint. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'inputMode'>) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.fields.email')}
      type="email"
      inputMode="email"
      autoComplete="email"
      {...props}
    />
  );
}
