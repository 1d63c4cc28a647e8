import { ConstructionIcon, HandIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { addStaffStrings } from '../staff-strings';

addStaffStrings();

function Placeholder({ icon, title, body }: { icon: ReactNode; title: string; body: string }) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex justify-end">
        <LanguageToggle />
      </div>
      <section className="flex flex-col items-center gap-3 py-10 text-center">
        <span className="bg-brand-50 text-brand-700 flex size-14 items-center justify-center rounded-full">
          {icon}
        </span>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground max-w-xs">{body}</p>
      </section>
    </div>
  );
}

/** The home of roles whose dashboard is not built yet: manager, admin, researcher. */
export function ComingSoon() {
  const { t } = useTranslation();
  return (
    <Placeholder
      icon={<ConstructionIcon className="size-7" aria-hidden="true" />}
      title={t('staff.comingSoon.title')}
      body={t('staff.comingSoon.body')}
    />
  );
}

/** The home of an account the server reports without a role. */
export function NoRoleWelcome() {
  const { t } = useTranslation();
  return (
    <Placeholder
      icon={<HandIcon className="size-7" aria-hidden="true" />}
      title={t('staff.noRole.title')}
      body={t('staff.noRole.body')}
    />
  );
}
