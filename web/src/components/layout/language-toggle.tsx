import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { currentLanguage, setLanguage } from '@/lib/i18n';

/** Reads the language it switches to: `ने` in English, `EN` in Nepali. */
export function LanguageToggle() {
  const { t } = useTranslation();
  const next = currentLanguage() === 'en' ? 'ne' : 'en';
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="font-toggle min-w-12"
      lang={next}
      onClick={() => void setLanguage(next)}
    >
      {t('language.switchTo')}
    </Button>
  );
}
