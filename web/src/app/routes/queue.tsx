import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';

export default function QueuePage() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.queue')} actions={<LanguageToggle />} />;
}
