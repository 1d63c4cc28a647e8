import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { InvitationPreview } from '@shared/care-circle';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { SignupForm } from '@/features/auth/components/signup-form';
import { apiFetch } from '@/lib/api-client';

/**
 * What a care invitation's link offers, asked as the invitation's own page asks it (the same
 * query key), written out here so the sign-up page does not carry the care circle's schemas.
 */
function useInvitation(token: string | null) {
  return useQuery({
    queryKey: ['care-invitation', token],
    queryFn: () =>
      apiFetch<InvitationPreview>(`/api/care-invitations/${encodeURIComponent(token ?? '')}`),
    enabled: token !== null,
    retry: false,
  });
}

/**
 * `/signup`: a new account with the pilot's invitation code; or, from a care invitation's link
 * (`?invitation=TOKEN&email=…`), an account for the invited address that says who invites and
 * takes the link as its code, accepted once the address is confirmed.
 */
export default function SignupPage() {
  const { t } = useTranslation();
  const search = new URLSearchParams(useSearch());
  const token = search.get('invitation');
  const invitation = useInvitation(token);
  const invited = invitation.data?.kind === 'caregiver' ? invitation.data : null;
  return (
    <div className="grid gap-6">
      <div>
        <PageHeader title={t('pages.signup')} actions={<LanguageToggle />} />
        {invited ? (
          <p className="-mt-2 text-sm break-words">
            {t('careCircle.invitation.signUpIntro', { name: invited.patientName })}
          </p>
        ) : (
          <>
            {invitation.isError && (
              <p role="alert" className="text-accent-700 -mt-2 mb-3 text-sm">
                {t('careCircle.invitation.gone')}
              </p>
            )}
            <p className="text-muted-foreground -mt-2 text-sm">{t('auth.signup.subtitle')}</p>
          </>
        )}
      </div>
      {token !== null && invitation.isPending ? null : invited ? (
        // The link's token is the code; the address is the one it was sent to.
        <SignupForm key="invited" initial={{ email: invited.email, inviteCode: token }} invited />
      ) : (
        <SignupForm initial={{ email: search.get('email') }} />
      )}
      <p className="text-muted-foreground text-center text-sm">
        {t('auth.signup.haveAccount')}{' '}
        <Link href="/login" className="text-brand-700 font-medium hover:underline">
          {t('auth.login.submit')}
        </Link>
      </p>
    </div>
  );
}
