import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { PageLoading } from '@/components/layout/page-loading';
import { Button } from '@/components/ui/button';
import { Card, CardTitle } from '@/components/ui/card';
import { useCareCircle } from '../api/care-circle';
import { careServerError } from '../care-circle-errors';
import { CaregiverList, DependentList, InvitationList } from './circle-lists';
import { DependentForm } from './dependent-form';
import { InviteForm } from './invite-form';

/** The patient's care circle: caregivers, invitations waiting, family members, inviting. */
export function CareCircleScreen() {
  const { t } = useTranslation();
  const circle = useCareCircle();
  const [adding, setAdding] = useState(false);
  // The family member whose own login is being given, if any.
  const [loginFor, setLoginFor] = useState<string | null>(null);
  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader title={t('careCircle.title')} actions={<LanguageToggle />} />
      <p className="text-muted-foreground text-sm">{t('careCircle.intro')}</p>
      {circle.isPending ? (
        <PageLoading />
      ) : circle.isError ? (
        <p role="alert" className="text-accent-700 text-sm">
          {careServerError(t, circle.error)}
        </p>
      ) : (
        <>
          <Card className="grid gap-3">
            <CardTitle>{t('careCircle.caregivers.title')}</CardTitle>
            <CaregiverList caregivers={circle.data.caregivers} />
          </Card>
          {circle.data.invitations.length > 0 && (
            <Card className="grid gap-3">
              <CardTitle>{t('careCircle.invitations.title')}</CardTitle>
              <InvitationList
                invitations={circle.data.invitations}
                dependents={circle.data.dependents}
              />
            </Card>
          )}
          <Card className="grid gap-3">
            <CardTitle>{t('careCircle.dependents.title')}</CardTitle>
            <p className="text-muted-foreground text-sm">{t('careCircle.dependents.intro')}</p>
            <DependentList
              dependents={circle.data.dependents}
              loginFor={adding ? null : loginFor}
              onLoginFor={setLoginFor}
            />
            {adding ? (
              <DependentForm onDone={() => setAdding(false)} />
            ) : (
              <Button
                variant="outline"
                className="justify-self-start"
                onClick={() => {
                  setLoginFor(null);
                  setAdding(true);
                }}
              >
                {t('careCircle.dependents.add')}
              </Button>
            )}
          </Card>
        </>
      )}
      {/* One form at a time: each has its own "Relationship" or "Email". */}
      {!adding && loginFor === null && (
        <Card className="grid gap-3">
          <CardTitle>{t('careCircle.invite.title')}</CardTitle>
          <InviteForm />
        </Card>
      )}
    </div>
  );
}
