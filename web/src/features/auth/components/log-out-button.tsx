import { LogOutIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { useSignOut } from '../api/sign-out';

/** Signs out, says so, and goes to /login. */
export function LogOutButton() {
  const { t } = useTranslation();
  const signOut = useSignOut({
    onSignedOut: () => toast.success(t('auth.logout.success')),
    onFailed: () => toast.error(t('auth.logout.failed')),
  });
  return (
    <Button
      type="button"
      variant="outline"
      size="lg"
      className="text-accent-700 w-full"
      disabled={signOut.isPending}
      onClick={() => signOut.mutate()}
    >
      <LogOutIcon aria-hidden="true" />
      {t('auth.logout.button')}
    </Button>
  );
}
