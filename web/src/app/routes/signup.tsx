import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { SignupForm } from '@/features/auth/components/signup-form';

export default function SignupPage() {
  const { t } = useTranslation();
  // A care circle's invitation link leads here with its token and the invited address.
  const search = new URLSearchParams(useSearch());
  return (
    <div className="grid gap-6">
      <div>
        <PageHeader title={t('pages.signup')} actions={<LanguageToggle />} />
        <p className="text-muted-foreground -mt-2 text-sm">{t('auth.signup.subtitle')}</p>
      </div>
      <SignupForm initial={{ email: search.get('email'), inviteCode: search.get('invitation') }} />
      <p className="text-muted-foreground text-center text-sm">
        {t('auth.signup.haveAccount')}{' '}
        <Link href="/login" className="text-brand-700 font-medium hover:underline">
          {t('auth.login.submit')}
        </Link>
      </p>
    </div>
  );
}
