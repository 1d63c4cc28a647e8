import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { OnboardingForm } from '@/features/onboarding/components/onboarding-form';
import { useSession } from '@/lib/session';

export default function OnboardingPage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <>
      <PageHeader title={t('pages.onboarding')} actions={<LanguageToggle />} />
      <p className="text-muted-foreground mb-4 text-sm">{t('onboarding.intro')}</p>
      <OnboardingForm profile={session.data?.profile} />
    </>
  );
}
