import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Redirect, useLocation } from 'wouter';
import type { SecondFactorMethod } from '@shared/auth';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { PageLoading } from '@/components/layout/page-loading';
import { Button } from '@/components/ui/button';
import { authErrorText } from '@/features/auth/api/auth-errors';
import { confirmationOutcomeIn } from '@/features/auth/api/confirmation-landing';
import { nextAfterSignIn, useLandAfterSignIn } from '@/features/auth/api/land-after-sign-in';
import { useSignInWithOneTimeCode } from '@/features/auth/api/one-time-code';
import { oneTimeLinkIn } from '@/features/auth/api/one-time-link';
import { FormError, FormSuccess } from '@/components/ui/form-message';
import { LoginForm } from '@/features/auth/components/login-form';
import { PasskeyButton } from '@/features/auth/components/passkey-button';
import { useSession } from '@/lib/session';

// Only what a plain password sign-in shows is in the page's first download; these come when asked for.
const OneTimeCodeDialog = lazy(() => import('@/features/auth/components/one-time-code-dialog'));
const OneTimeCodeEntry = lazy(() => import('@/features/auth/components/one-time-code-entry'));
const SecondFactorStep = lazy(() => import('@/features/auth/components/second-factor-step'));

type Step =
  | { kind: 'password' }
  | { kind: 'second-factor'; methods: SecondFactorMethod[] }
  | { kind: 'one-time-code'; email: string };

export default function LoginPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const session = useSession({ afterFirstScreen: true });
  const { land, landing } = useLandAfterSignIn();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [codeDialogOpen, setCodeDialogOpen] = useState(false);

  // Opened through a mailed confirmation link: say what it did, once, and take it off the address.
  const [confirmation] = useState(() => confirmationOutcomeIn(window.location.search));
  useEffect(() => {
    if (confirmation) navigate('/login', { replace: true });
  }, [confirmation, navigate]);

  // Opened through the mailed sign-in link: sign in with it once, and take it off the address.
  const [link] = useState(() => oneTimeLinkIn(window.location.search));
  const linkSignIn = useSignInWithOneTimeCode();
  const linkUsed = useRef(false);
  useEffect(() => {
    if (!link || linkUsed.current) return;
    linkUsed.current = true;
    navigate('/login', { replace: true });
    linkSignIn.mutate(link, { onSuccess: () => void land() });
  }, [link, linkSignIn, land, navigate]);

  if (session.data && !landing && !link) {
    return <Redirect to={nextAfterSignIn(window.location.search) ?? '/'} replace />;
  }
  if (link && (linkSignIn.isPending || linkSignIn.isSuccess || linkSignIn.isIdle)) {
    return <PageLoading />;
  }

  const back = () => setStep({ kind: 'password' });

  return (
    <div className="grid gap-6">
      <div>
        <PageHeader title={t('pages.login')} actions={<LanguageToggle />} />
        <p className="text-muted-foreground -mt-2 text-sm">{t('auth.login.subtitle')}</p>
      </div>

      {confirmation === 'confirmed' && <FormSuccess>{t('auth.login.confirmed')}</FormSuccess>}
      {confirmation === 'refused' && <FormError>{t('auth.login.confirmationRefused')}</FormError>}

      {linkSignIn.isError && (
        <FormError>
          {authErrorText(t, linkSignIn.error, t('auth.errors.signInFailed'), {
            serverMessage: true,
          })}
        </FormError>
      )}

      <Suspense fallback={<PageLoading />}>
        {step.kind === 'second-factor' && (
          <SecondFactorStep methods={step.methods} onSignedIn={land} onBack={back} />
        )}

        {step.kind === 'one-time-code' && (
          <div className="grid gap-2">
            <OneTimeCodeEntry key={step.email} email={step.email} onSignedIn={land} />
            <Button type="button" variant="ghost" onClick={back}>
              {t('auth.oneTimeCode.cancel')}
            </Button>
          </div>
        )}
      </Suspense>

      {step.kind === 'password' && (
        <>
          <LoginForm
            // A dependent's new login sends its address along.
            initialEmail={new URLSearchParams(window.location.search).get('email')}
            onSignedIn={land}
            onSecondFactor={(methods) => setStep({ kind: 'second-factor', methods })}
          />
          <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <Link href="/forgot" className="text-brand-700 font-medium hover:underline">
              {t('auth.login.forgotPassword')}
            </Link>
            <Link href="/signup" className="text-brand-700 font-medium hover:underline">
              {t('auth.login.createAccount')}
            </Link>
          </div>
          <div className="text-muted-foreground flex items-center gap-3 text-xs uppercase">
            <span className="bg-border h-px flex-1" />
            {t('auth.login.or')}
            <span className="bg-border h-px flex-1" />
          </div>
          <div className="grid gap-3">
            <Button
              type="button"
              variant="outline"
              size="lg"
              aria-haspopup="dialog"
              onClick={() => setCodeDialogOpen(true)}
            >
              {t('auth.oneTimeCode.open')}
            </Button>
            {codeDialogOpen && (
              <Suspense fallback={null}>
                <OneTimeCodeDialog
                  onClose={() => setCodeDialogOpen(false)}
                  onSent={(email) => setStep({ kind: 'one-time-code', email })}
                />
              </Suspense>
            )}
            <PasskeyButton onSignedIn={land} />
          </div>
        </>
      )}

      <Button
        type="button"
        variant="secondary"
        size="lg"
        className="mt-2"
        onClick={() => navigate('/research')}
      >
        {t('auth.login.researchPortal')}
      </Button>
    </div>
  );
}
