import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { LogOutButton } from '@/features/auth/components/log-out-button';
import { SecuritySettings } from '@/features/mfa/components/security-settings';

export default function ProfilePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('pages.profile')} actions={<LanguageToggle />} />
      <SecuritySettings />
      <div className="mt-6">
        <LogOutButton />
      </div>
    </>
  );
}
