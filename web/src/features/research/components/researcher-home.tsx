import {
  ChartColumnIcon,
  FileCheckIcon,
  FlaskConicalIcon,
  MailIcon,
  UsersIcon,
} from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { Card, CardTitle } from '@/components/ui/card';

const offers = [
  { key: 'studies', icon: UsersIcon },
  { key: 'figures', icon: ChartColumnIcon },
  { key: 'consent', icon: FileCheckIcon },
] as const;

/**
 * A signed-in researcher's home: nothing of the portal is built yet, so it says what the
 * portal will offer and whom to ask meanwhile, and has the way out (`logOut`, the Log out
 * button, handed in by the page); the Profile tab leads to their profile.
 */
export function ResearcherHome({ firstName, logOut }: { firstName: string; logOut: ReactNode }) {
  const { t } = useTranslation();
  const offersId = useId();
  const contactId = useId();
  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader title={t('pages.research')} actions={<LanguageToggle />} />
      <div className="flex items-start gap-3">
        <span className="bg-brand-50 text-brand-700 flex size-10 shrink-0 items-center justify-center rounded-full">
          <FlaskConicalIcon className="size-5" aria-hidden="true" />
        </span>
        <p className="text-sm">
          <span className="font-semibold">{t('researchHome.welcome', { name: firstName })}</span>{' '}
          <span className="text-muted-foreground">{t('researchHome.notYet')}</span>
        </p>
      </div>
      <Card aria-labelledby={offersId} className="grid grid-cols-1 gap-3">
        <CardTitle id={offersId}>{t('researchHome.offersTitle')}</CardTitle>
        <ul className="grid gap-3">
          {offers.map(({ key, icon: Icon }) => (
            <li key={key} className="flex items-start gap-3 text-sm">
              <Icon className="text-brand-700 mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <span className="min-w-0">{t(`researchHome.offers.${key}`)}</span>
            </li>
          ))}
        </ul>
      </Card>
      <Card aria-labelledby={contactId} className="grid grid-cols-1 gap-2">
        <CardTitle id={contactId}>{t('researchHome.contactTitle')}</CardTitle>
        <p className="flex items-start gap-3 text-sm">
          <MailIcon className="text-muted-foreground mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <span className="min-w-0">{t('researchHome.contact')}</span>
        </p>
      </Card>
      {logOut}
    </div>
  );
}
