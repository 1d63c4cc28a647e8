import { ChevronRightIcon, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { addStaffStrings } from '../staff-strings';

addStaffStrings();

export interface PageLink {
  /** The page's name among the staff's strings (`staff.pageLinks`). */
  label: 'hmis' | 'clinics' | 'people';
  to: string;
  icon: LucideIcon;
}

/**
 * The pages a staff member reaches from within one of the spec's pages rather than from a
 * tab of their own (the HMIS report, the clinics, the super administrator's People), as a list
 * of links.
 */
export function PageLinks({ links }: { links: readonly PageLink[] }) {
  const { t } = useTranslation();
  return (
    <ul className="border-border bg-card mt-4 grid divide-y rounded-xl border shadow-sm">
      {links.map((page) => (
        <li key={page.to}>
          <Link
            href={page.to}
            className="hover:bg-muted flex min-h-12 items-center gap-3 px-3 text-sm font-medium"
          >
            <page.icon className="text-brand-700 size-5 shrink-0" aria-hidden="true" />
            <span className="flex-1">{t(`staff.pageLinks.${page.label}`)}</span>
            <ChevronRightIcon className="text-muted-foreground size-4" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
