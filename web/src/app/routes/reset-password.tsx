import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { FormError } from '@/components/ui/form-message';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/**
 * The mailed reset link passes through the server, which sends the browser here with
 * `?token=…`, or with `?error=INVALID_TOKEN` when the link is unknown, used or expired.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [token] = useState(() => {
    const params = new URLSearchParams(window.location.search);
    return params.has('error') ? null : params.get('token');
  });

  return (
    <div className="grid gap-6">
      <div>
        <PageHeader title={t('auth.reset.title')} actions={<LanguageToggle />} />
        {token && <p className="text-muted-foreground -mt-2 text-sm">{t('auth.reset.subtitle')}</p>}
      </div>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="grid gap-4">
          <FormError>{t('auth.reset.invalidLink')}</FormError>
          <Link
            href="/forgot"
            className="text-brand-700 text-center text-sm font-medium hover:underline"
          >
            {t('auth.reset.requestNew')}
          </Link>
        </div>
      )}
    </div>
  );
}
