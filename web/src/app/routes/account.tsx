import { MailIcon, UserIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Redirect } from 'wouter';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { addAccountStrings } from '@/features/account/account-strings';
import { SectionCard } from '@/components/ui/section-card';
import { SessionsCard } from '@/features/account/components/sessions-card';
import { ChangePasswordCard } from '@/features/auth/components/change-password-card';
import { LogOutButton } from '@/features/auth/components/log-out-button';
import { SecuritySettings } from '@/features/mfa/components/security-settings';
import { LanguageChoice } from '@/features/patient-profile/components/language-choice';
import { addProfileSettingsStrings } from '@/features/patient-profile/settings/settings-strings';
import { useSession } from '@/lib/session';

addAccountStrings();
// The language dialog's words are the Profile's.
addProfileSettingsStrings();

/**
 * `/account`: a staff member's own sign-in security: the password, the second factors (the
 * same components as a patient's Profile), where the account is signed in with "Sign out
 * everywhere else", the language, and Log out. A patient's are on their Profile.
 */
export default function AccountPage() {
  const { t } = useTranslation();
  const me = useSession().data;
  if (!me) return null;
  if (me.role === 'patient') return <Redirect to="/profile" replace />;
  // The superadmin's tabs have no Profile (`nav-items.ts`): it is reached from here.
  const profileTab = me.role !== 'superadmin';
  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader title={t('nav.account')} actions={<LanguageToggle />} />
      <p className="text-muted-foreground -mt-2 text-sm">{t('account.intro')}</p>
      <p className="flex min-w-0 items-center gap-3 text-sm">
        <MailIcon className="text-muted-foreground size-5 shrink-0" aria-hidden="true" />
        <span className="min-w-0 break-all">{me.user.email}</span>
      </p>
      <ChangePasswordCard />
      <SecuritySettings />
      <SessionsCard />
      <SectionCard title={t('account.language.title')}>
        <LanguageChoice />
      </SectionCard>
      {!profileTab && (
        <Button asChild variant="outline">
          <Link href="/profile">
            <UserIcon aria-hidden="true" />
            {t('account.profile')}
          </Link>
        </Button>
      )}
      <LogOutButton />
    </div>
  );
}
