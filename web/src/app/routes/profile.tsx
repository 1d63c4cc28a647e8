import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { LogOutButton } from '@/features/auth/components/log-out-button';

export default function ProfilePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.profile')} actions={<LanguageToggle />} />
      <div className="mt-6">
        <LogOutButton />
      </div>
    </>
  );
}
