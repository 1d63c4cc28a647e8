import { CalendarClockIcon, HistoryIcon, MessageCircleIcon, ShieldCheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { latestVitals } from '@shared/vitals';
import { Link } from 'wouter';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { ForgetDeviceButton } from '@/app/forget-device-button';
import { LogOutButton } from '@/features/auth/components/log-out-button';
import { SecuritySettings } from '@/features/mfa/components/security-settings';
import { NotificationsButton } from '@/features/notifications/components/notifications-button';
import { VitalsTiles } from '@/features/patient-home/components/vitals-tiles';
import { ProfileSummaryCard } from '@/features/patient-profile/components/profile-summary-card';
import {
  AccountCard,
  CaregiversCard,
  ClinicsAndDeviceCard,
} from '@/features/patient-profile/components/settings-cards';
import { DownloadRecordCard } from '@/features/patient-profile/record-download/download-record-card';
import { RecordReadsLink } from '@/features/patient-profile/record-reads/record-reads-link';
import { useVitals } from '@/features/vitals/api/get-vitals';
import { useActingFor } from '@/lib/acting-for';
import { useSession } from '@/lib/session';
import { addDoctorHoursStrings } from '@/features/doctor-hours/doctor-hours-strings';
import { addProfileSettingsStrings } from '@/features/patient-profile/settings/settings-strings';
import { addAccountStrings } from '@/features/account/account-strings';

addDoctorHoursStrings();
addProfileSettingsStrings();
addAccountStrings();

export default function ProfilePage() {
  const { t } = useTranslation();
  const me = useSession().data;
  const patient = me?.role === 'patient';
  // The profile is the account's own; caring for someone, their readings are on Health.
  const ownRecord = useActingFor() === null;
  const vitals = useVitals(patient && ownRecord ? me.user.id : undefined);
  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader title={t('pages.profile')} actions={<LanguageToggle />} />
      {me && (
        <ProfileSummaryCard me={me}>
          {/* A patient's own readings and care team; nothing of a patient's for other roles. */}
          {patient && ownRecord && (
            <>
              <VitalsTiles latest={vitals.data ? latestVitals(vitals.data) : 'loading'} />
              <div className="grid gap-2 min-[400px]:grid-cols-2">
                <Button asChild variant="outline">
                  <Link href="/health">
                    <HistoryIcon aria-hidden="true" />
                    {t('patientProfile.viewHistory')}
                  </Link>
                </Button>
                <Button asChild variant="secondary">
                  <Link href="/messages">
                    <MessageCircleIcon aria-hidden="true" />
                    {t('patientProfile.messageClinic')}
                  </Link>
                </Button>
              </div>
            </>
          )}
        </ProfileSummaryCard>
      )}
      {me?.role === 'doctor' && (
        <Button asChild variant="outline">
          <Link href={`/hours/${encodeURIComponent(me.user.id)}`}>
            <CalendarClockIcon aria-hidden="true" />
            {t('doctorHours.open')}
          </Link>
        </Button>
      )}
      {patient && ownRecord && <CaregiversCard />}
      {patient && ownRecord && <DownloadRecordCard patientId={me.user.id} />}
      {patient && ownRecord && <RecordReadsLink />}
      {me && <AccountCard email={me.user.email} profile={me.profile} />}
      <ClinicsAndDeviceCard patient={patient} forget={<ForgetDeviceButton />} />
      <NotificationsButton />
      {/* A patient's second factors are here; a staff member's sign-in security is on Account. */}
      {patient ? (
        <SecuritySettings />
      ) : (
        me && (
          <Button asChild variant="outline">
            <Link href="/account">
              <ShieldCheckIcon aria-hidden="true" />
              {t('account.open')}
            </Link>
          </Button>
        )
      )}
      <LogOutButton />
    </div>
  );
}
