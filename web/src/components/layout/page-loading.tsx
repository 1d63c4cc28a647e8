import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 items-center justify-center py-16">
      <Spinner label={t('app.loading')} />
    </div>
  );
}
