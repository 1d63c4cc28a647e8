import { BuildingIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useLinkedClinics } from '../api/get-linked-clinics';
import { SettingsRow } from './settings-row';

/** "Linked clinics": the clinics whose doctors saw, booked or prescribed for the patient. */
export function LinkedClinicsDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const clinics = useLinkedClinics(open);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <SettingsRow icon={BuildingIcon} label={t('patientProfile.clinics.linked')} />
      </DialogTrigger>
      <DialogContent closeLabel={t('profileSettings.close')}>
        <DialogTitle className="pe-8">{t('patientProfile.clinics.linked')}</DialogTitle>
        <DialogDescription>{t('profileSettings.clinics.linkedDescription')}</DialogDescription>
        {clinics.isPending ? (
          <Spinner label={t('app.loading')} className="justify-self-center" />
        ) : clinics.isError ? (
          <div className="grid gap-2">
            <p role="alert" className="text-accent-700 text-sm">
              {t('profileSettings.clinics.failed')}
            </p>
            <Button type="button" variant="outline" onClick={() => void clinics.refetch()}>
              {t('pageFailed.retry')}
            </Button>
          </div>
        ) : clinics.data.clinics.length === 0 ? (
          <p className="text-sm">{t('profileSettings.clinics.none')}</p>
        ) : (
          <ul className="grid gap-2">
            {clinics.data.clinics.map((clinic) => (
              <li key={clinic.id} className="flex min-w-0 items-center gap-3 text-sm font-medium">
                <BuildingIcon
                  className="text-muted-foreground size-5 shrink-0"
                  aria-hidden="true"
                />
                <span className="min-w-0 break-words">{clinic.name}</span>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
