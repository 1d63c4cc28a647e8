import {
  BuildingIcon,
  ChevronRightIcon,
  LanguagesIcon,
  MailIcon,
  SmartphoneIcon,
  UserPlusIcon,
  UserRoundPenIcon,
  type LucideIcon,
} from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Card, CardTitle } from '@/components/ui/card';

/** A profile section named by its heading. */
export function SettingsCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="grid grid-cols-1 gap-3">
      <div className="grid gap-1">
        <CardTitle id={titleId}>{title}</CardTitle>
        {description && <p className="text-muted-foreground text-sm">{description}</p>}
      </div>
      {children}
    </Card>
  );
}

/** A row that looks like a setting; the spec leaves these buttons inert. */
function InertRow({ icon: Icon, label }: { icon: LucideIcon; label: string }) {
  return (
    <button
      type="button"
      className="hover:bg-muted -mx-2 flex min-h-11 items-center gap-3 rounded-lg px-2 text-start text-sm font-medium"
    >
      <Icon className="text-brand-700 size-5 shrink-0" aria-hidden="true" />
      <span className="flex-1">{label}</span>
      <ChevronRightIcon className="text-muted-foreground size-4" aria-hidden="true" />
    </button>
  );
}

export function CaregiversCard() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return (
    <SettingsCard
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
    </SettingsCard>
  );
}

export function AccountCard({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('patientProfile.account.title')}>
      <p className="flex min-w-0 items-center gap-3 text-sm">
        <MailIcon className="text-muted-foreground size-5 shrink-0" aria-hidden="true" />
        <span className="min-w-0 truncate">{email}</span>
      </p>
      <InertRow icon={UserRoundPenIcon} label={t('patientProfile.account.edit')} />
      <InertRow icon={LanguagesIcon} label={t('patientProfile.account.language')} />
    </SettingsCard>
  );
}

export function ClinicsAndDeviceCard() {
  const { t } = useTranslation();
  return (
    <SettingsCard
      title={t('patientProfile.clinics.title')}
      description={t('patientProfile.clinics.description')}
    >
      <InertRow icon={BuildingIcon} label={t('patientProfile.clinics.linked')} />
      <InertRow icon={SmartphoneIcon} label={t('patientProfile.clinics.devices')} />
    </SettingsCard>
  );
}
