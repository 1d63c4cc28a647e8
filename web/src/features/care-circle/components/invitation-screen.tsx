import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { carePermissions, invitationPath } from '@shared/care-circle';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { PageLoading } from '@/components/layout/page-loading';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-message';
import { caringForQueryOptions } from '@/lib/caring-for';
import { useDates } from '@/lib/dates';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useAcceptInvitation, useInvitationPreview } from '../api/invitations';
import { careServerError } from '../care-circle-errors';
import { LoginClaimForm } from './login-claim-form';

const linkClass = 'text-brand-700 font-medium hover:underline';

/**
 * What an invitation offers: who invites, as what, what they grant and until when. Signed in,
 * it is accepted here; signed out, the reader creates an account through it (the link stands
 * in for the invitation code) or signs in and comes back. A dependent's own login is made
 * here with a password, signed in or not.
 */
export function InvitationScreen({ token }: { token: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const preview = useInvitationPreview(token);
  const session = useSession();
  const accept = useAcceptInvitation();

  const body = () => {
    if (preview.isPending) return <PageLoading />;
    if (preview.isError) {
      return (
        <p role="alert" className="text-accent-700">
          {t('careCircle.invitation.gone')}
        </p>
      );
    }
    const invitation = preview.data;
    if (invitation.kind === 'login')
      return <LoginClaimForm token={token} invitation={invitation} />;
    const granted = carePermissions.filter((permission) => invitation.permissions[permission]);
    const signUpHref = `/signup?${new URLSearchParams({ invitation: token, email: invitation.email }).toString()}`;
    const signInHref = `/login?${new URLSearchParams({ next: invitationPath(token) }).toString()}`;
    return (
      <Card className="grid gap-3">
        <p className="text-lg font-semibold">
          {t('careCircle.invitation.invites', { name: invitation.patientName })}
        </p>
        <p>
          {t('careCircle.invitation.relationship', {
            relationship: t(`careCircle.relationships.${invitation.relationship}`),
          })}
        </p>
        <div>
          <p>{t('careCircle.invitation.granted')}</p>
          <ul className="list-disc ps-6">
            {granted.map((permission) => (
              <li key={permission}>{t(`careCircle.permissions.${permission}`)}</li>
            ))}
          </ul>
        </div>
        <p className="text-muted-foreground text-sm">
          {t('careCircle.invitation.forEmail', { email: invitation.email })} ·{' '}
          {t('careCircle.invitation.expires', { date: dates.dateTime(invitation.expiresAt) })}
        </p>
        {session.data ? (
          <>
            <FormError>{careServerError(t, accept.error)}</FormError>
            <Button
              size="lg"
              disabled={accept.isPending}
              onClick={() =>
                accept.mutate(token, {
                  onSuccess: (person) => {
                    void queryClient.invalidateQueries({
                      queryKey: caringForQueryOptions.queryKey,
                    });
                    toast.success(t('careCircle.invitation.accepted', { name: person.name }));
                    navigate('/', { replace: true });
                  },
                })
              }
            >
              {accept.isPending
                ? t('careCircle.invitation.accepting')
                : t('careCircle.invitation.accept')}
            </Button>
          </>
        ) : session.data === null ? (
          <div className="grid gap-2">
            <Button asChild size="lg">
              <Link href={signUpHref}>{t('careCircle.invitation.signUp')}</Link>
            </Button>
            <Link href={signInHref} className={linkClass}>
              {t('careCircle.invitation.signIn')}
            </Link>
          </div>
        ) : (
          <PageLoading />
        )}
      </Card>
    );
  };

  return (
    <div className="grid gap-4">
      <PageHeader title={t('careCircle.invitation.title')} actions={<LanguageToggle />} />
      {body()}
    </div>
  );
}
