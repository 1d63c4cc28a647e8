import { KeyRoundIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-message';
import { useAddPasskey } from '../api/add-passkey';
import { mfaErrorKey } from '../error-message';

/** One button: the browser asks the person to create a passkey for this site. */
export function PasskeySetup() {
  const { t } = useTranslation();
  const add = useAddPasskey();
  return (
    <div className="grid gap-1.5">
      <Button
        type="button"
        variant="secondary"
        disabled={add.isPending}
        onClick={() =>
          add.mutate(undefined, { onSuccess: () => toast.success(t('mfa.passkey.success')) })
        }
      >
        <KeyRoundIcon aria-hidden="true" />
        {t('mfa.passkey.add')}
      </Button>
      <FormError>{add.isError ? t(mfaErrorKey(add.error)) : null}</FormError>
    </div>
  );
}
