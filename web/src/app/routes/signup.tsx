import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { SignupForm } from '@/features/auth/components/signup-form';

export default function SignupPage() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6">
      <div>
        <PageHeader title={t('pages.signup')} actions={<LanguageToggle />} />
        <p className="text-muted-foreground -mt-2 text-sm">{t('auth.signup.subtitle')}</p>
      </div>
      <SignupForm />
      <p className="text-muted-foreground text-center text-sm">
        {t('auth.signup.haveAccount')}{' '}
        <Link href="/login" className="text-brand-700 font-medium hover:underline">
          {t('auth.login.submit')}
        </Link>
      </p>
    </div>
  );
}
