import { CheckIcon, LanguagesIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { currentLanguage, languages, setLanguage, type Language } from '@/lib/i18n';
import { SettingsRow } from './settings-row';

/** Each language named in itself, so a reader finds theirs whatever the screen is in. */
const names: Record<Language, string> = { en: 'English', ne: 'नेपाली' };

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
          detail={names[language]}
        />
      </DialogTrigger>
      <DialogContent closeLabel={t('profileSettings.close')}>
        <DialogTitle className="pe-8">{t('profileSettings.language.title')}</DialogTitle>
        <DialogDescription>{t('profileSettings.language.description')}</DialogDescription>
        <div
          role="radiogroup"
          aria-label={t('profileSettings.language.choose')}
          className="grid gap-2"
        >
          {languages.map((each) => (
            <button
              key={each}
              type="button"
              role="radio"
              aria-checked={each === language}
              lang={each}
              onClick={() => void setLanguage(each)}
              className={cn(
                'border-border flex min-h-11 items-center justify-between rounded-lg border px-3 text-start text-sm font-medium',
                each === language && 'border-brand-700 bg-brand-50',
              )}
            >
              {names[each]}
              {each === language && (
                <CheckIcon className="text-brand-700 size-4" aria-hidden="true" />
              )}
            </button>
          ))}
        </div>
        <div className="grid gap-1 text-sm">
          <p className="font-semibold">{t('profileSettings.language.regionTitle')}</p>
          <p className="text-muted-foreground">{t('profileSettings.language.region')}</p>
        </div>
      </DialogContent>
    </Dialog>
  );
}
