import { ChevronRightIcon, MailIcon, UserPlusIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Profile } from '@shared/profile';
import { SectionCard } from '@/components/ui/section-card';
import { DeviceDialog } from './device-dialog';
import { EditDetailsDialog } from './edit-details-dialog';
import { LanguageDialog } from './language-dialog';
import { LinkedClinicsDialog } from './linked-clinics-dialog';

export function CaregiversCard() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return (
    <SectionCard
      title={t('patientProfile.caregivers.title')}
      description={t('patientProfile.caregivers.description')}
    >
      {/* A button, as the spec draws the card's row: it opens the care circle. */}
      <button
        type="button"
        onClick={() => navigate('/care-circle')}
        className="hover:bg-muted -mx-2 flex min-h-11 items-center gap-3 rounded-lg px-2 text-start text-sm font-medium"
      >
        <UserPlusIcon className="text-brand-700 size-5 shrink-0" aria-hidden="true" />
        <span className="flex-1">{t('patientProfile.caregivers.invite')}</span>
        <ChevronRightIcon className="text-muted-foreground size-4" aria-hidden="true" />
      </button>
    </SectionCard>
  );
}

/** The account: its address, the person's details and the app's language. */
export function AccountCard({ email, profile }: { email: string; profile: Profile | null }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('patientProfile.account.title')}>
      <p className="flex min-w-0 items-center gap-3 text-sm">
        <MailIcon className="text-muted-foreground size-5 shrink-0" aria-hidden="true" />
        <span className="min-w-0 truncate">{email}</span>
      </p>
      <EditDetailsDialog profile={profile} />
      <LanguageDialog />
    </SectionCard>
  );
}

/**
 * A patient's clinics and this device; anyone else's card has only the device, as no clinic
 * cares for them. `forget`: the Forget this device button, handed in by the page.
 */
export function ClinicsAndDeviceCard({ patient, forget }: { patient: boolean; forget: ReactNode }) {
  const { t } = useTranslation();
  if (!patient) {
    return (
      <SectionCard
        title={t('profileSettings.device.cardTitle')}
        description={t('profileSettings.device.cardDescription')}
      >
        <DeviceDialog forget={forget} />
      </SectionCard>
    );
  }
  return (
    <SectionCard
      title={t('patientProfile.clinics.title')}
      description={t('patientProfile.clinics.description')}
    >
      <LinkedClinicsDialog />
      <DeviceDialog forget={forget} />
    </SectionCard>
  );
}
