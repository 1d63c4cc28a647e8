import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';

export default function HomePage() {
  const { t } = useTranslation();
  return <PageHeader title={t('pages.home')} actions={<LanguageToggle />} />;
}
