import { FlaskConicalIcon, QrCodeIcon } from 'lucide-react';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * The public entry to a research study. Nothing behind it exists yet, so Continue and
 * Scan QR only say so in a browser alert.
 */
export function ResearchPortal() {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const codeId = useId();
  const trimmed = code.trim();

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (trimmed === '') return;
    window.alert(t('research.submitted', { code: trimmed }));
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('pages.research')} actions={<LanguageToggle />} />
      <div className="flex items-start gap-3">
        <span className="bg-brand-50 text-brand-700 flex size-10 shrink-0 items-center justify-center rounded-full">
          <FlaskConicalIcon className="size-5" aria-hidden="true" />
        </span>
        <p className="text-muted-foreground text-sm">{t('research.intro')}</p>
      </div>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={codeId}>{t('research.code')}</Label>
          <Input
            id={codeId}
            value={code}
            onChange={(event) => setCode(event.target.value.toUpperCase())}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono tracking-wider uppercase"
          />
        </div>
        <Button type="submit" size="lg" disabled={trimmed === ''}>
          {t('research.continue')}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="lg"
          onClick={() => window.alert(t('research.scanLater'))}
        >
          <QrCodeIcon aria-hidden="true" />
          {t('research.scan')}
        </Button>
      </form>
      <p className="text-muted-foreground text-center text-sm">
        {t('research.researcherPrompt')}{' '}
        <Link to="/login" className="text-brand-700 font-semibold underline underline-offset-4">
          {t('research.signIn')}
        </Link>
      </p>
    </div>
  );
}
