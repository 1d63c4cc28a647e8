import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import type { Factor } from '@shared/mfa';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import { useDeleteFactor } from '../api/delete-factor';
import { mfaErrorKey } from '../error-message';

/** Asks for the password before a second factor is removed. */
export function RemoveFactorDialog({
  target,
  onClose,
}: {
  target: { factor: Factor; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const remove = useDeleteFactor();

  function close() {
    setPassword('');
    remove.reset();
    onClose();
  }

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (!target || password === '') return;
    remove.mutate(
      { id: target.factor.id, password },
      {
        onSuccess: () => {
          toast.success(t('mfa.remove.done'));
          close();
        },
      },
    );
  }

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent closeLabel={t('mfa.close')}>
        <DialogTitle>{t('mfa.remove.title', { name: target?.name ?? '' })}</DialogTitle>
        <DialogDescription>{t('mfa.remove.description')}</DialogDescription>
        <form className="grid gap-3" onSubmit={submit}>
          <TextField
            label={t('mfa.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
          <FormError>{remove.isError ? t(mfaErrorKey(remove.error)) : null}</FormError>
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('mfa.cancel')}
              </Button>
            </DialogClose>
            <Button
              type="submit"
              variant="destructive"
              disabled={password === '' || remove.isPending}
            >
              {t('mfa.remove.confirm')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
