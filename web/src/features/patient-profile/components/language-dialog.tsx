import { LanguagesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { currentLanguage } from '@/lib/i18n';
import { LanguageChoice, languageNames } from './language-choice';
import { SettingsRow } from './settings-row';

/**
 * "Language and region": the app's language, which the app also stores on the account
 * (`use-language-sync`), so texts, reminders and mails come in it; and the clock and
 * calendars the app shows.
 */
export function LanguageDialog() {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <SettingsRow
          icon={LanguagesIcon}
          label={t('patientProfile.account.language')}
          detail={languageNames[language]}
        />
      </DialogTrigger>
      <DialogContent closeLabel={t('profileSettings.close')}>
        <DialogTitle className="pe-8">{t('profileSettings.language.title')}</DialogTitle>
        <DialogDescription>{t('profileSettings.language.description')}</DialogDescription>
        <LanguageChoice />
        <div className="grid gap-1 text-sm">
          <p className="font-semibold">{t('profileSettings.language.regionTitle')}</p>
          <p className="text-muted-foreground">{t('profileSettings.language.region')}</p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
