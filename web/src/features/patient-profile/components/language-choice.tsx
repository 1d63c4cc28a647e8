import { CheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { currentLanguage, languages, setLanguage, type Language } from '@/lib/i18n';

/** Each language named in itself, so a reader finds theirs whatever the screen is in. */
export const languageNames: Record<Language, string> = { en: 'English', ne: 'नेपाली' };

/**
 * The app's languages as a choice of one, each named in itself: inside the Profile's
 * "Language and region" dialog, and on a staff member's Account page as it is.
 */
export function LanguageChoice() {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <div role="radiogroup" aria-label={t('profileSettings.language.choose')} className="grid gap-2">
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
          {languageNames[each]}
          {each === language && <CheckIcon className="text-brand-700 size-4" aria-hidden="true" />}
        </button>
      ))}
    </div>
  );
}
