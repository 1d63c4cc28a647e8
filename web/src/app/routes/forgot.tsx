import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { ForgotForm } from '@/features/auth/components/forgot-form';

export default function ForgotPage() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6">
      <div>
        <PageHeader title={t('pages.forgot')} actions={<LanguageToggle />} />
        <p className="text-muted-foreground -mt-2 text-sm">{t('auth.forgot.subtitle')}</p>
      </div>
      <ForgotForm />
      <Link
        href="/login"
        className="text-brand-700 text-center text-sm font-medium hover:underline"
      >
        {t('auth.forgot.backToLogin')}
      </Link>
    </div>
  );
}
