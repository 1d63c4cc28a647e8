import { KeyRoundIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { authErrorText } from '../api/auth-errors';
import { browserSupportsPasskeys, useSignInWithPasskey } from '../api/passkey-sign-in';
import { FormError } from '@/components/ui/form-message';

/** Signs in with a passkey, where the browser has WebAuthn. */
export function PasskeyButton({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const { t } = useTranslation();
  const signIn = useSignInWithPasskey();
  if (!browserSupportsPasskeys()) return null;
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="outline"
        size="lg"
        disabled={signIn.isPending || signIn.isSuccess}
        onClick={() => signIn.mutate(undefined, { onSuccess: () => void onSignedIn() })}
      >
        <KeyRoundIcon aria-hidden="true" />
        {signIn.isPending ? t('auth.passkey.waiting') : t('auth.passkey.signIn')}
      </Button>
      {signIn.isError && (
        <FormError>{authErrorText(t, signIn.error, t('auth.errors.signInFailed'))}</FormError>
      )}
    </div>
  );
}
