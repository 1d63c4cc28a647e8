import { LoaderCircleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * "Loading…" where a list will be, said aloud once: what a list shows until the server has
 * answered, so nobody reads "nothing here" about a record that is still on its way.
 */
export function LoadingNote() {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      className="text-muted-foreground flex items-center justify-center gap-2 p-6 text-sm"
    >
      <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />
      {t('app.loading')}
    </p>
  );
}
