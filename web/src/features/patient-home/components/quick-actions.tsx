import {
  CalendarPlusIcon,
  CameraIcon,
  HeartPulseIcon,
  MessageCircleIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { openCameraSheet } from '@/lib/open-camera';

const actionClass =
  'border-border bg-card hover:bg-muted flex min-h-20 flex-col items-center justify-center gap-1.5 rounded-xl border p-2 text-center text-xs font-medium';

function ActionContent({ icon: Icon, label }: { icon: LucideIcon; label: string }) {
  return (
    <>
      <span className="bg-brand-50 text-brand-700 grid size-9 place-items-center rounded-full">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      {label}
    </>
  );
}

/** The dashboard's shortcuts, by name. */
export type QuickAction =
  'schedule' | 'recordVitals' | 'sendPhoto' | 'messageClinic' | 'shareAccess';

/**
 * The five shortcuts of the dashboard, those `offered` only: caring for someone, what they
 * granted (only the patient shares their own record), each of them working.
 */
export function QuickActions({ offered }: { offered?: Partial<Record<QuickAction, boolean>> }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [, navigate] = useLocation();
  // A link opens a page; `onClick`, a button as the spec draws it: Send photo/video opens the
  // camera sheet, Share access the care circle.
  const actions: {
    name: QuickAction;
    icon: LucideIcon;
    label: string;
    href?: string;
    onClick?: () => void;
  }[] = [
    {
      name: 'schedule',
      icon: CalendarPlusIcon,
      label: t('patientHome.quickActions.schedule'),
      href: '/appointments/book',
    },
    {
      name: 'recordVitals',
      icon: HeartPulseIcon,
      label: t('patientHome.quickActions.recordVitals'),
      href: '/health/vitals/new',
    },
    {
      name: 'sendPhoto',
      icon: CameraIcon,
      label: t('patientHome.quickActions.sendPhoto'),
      onClick: openCameraSheet,
    },
    {
      name: 'messageClinic',
      icon: MessageCircleIcon,
      label: t('patientHome.quickActions.messageClinic'),
      href: '/messages',
    },
    {
      name: 'shareAccess',
      icon: UsersIcon,
      label: t('patientHome.quickActions.shareAccess'),
      onClick: () => navigate('/care-circle'),
    },
  ];
  const shown = actions.filter((action) => offered?.[action.name] ?? true);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="sr-only">
        {t('patientHome.quickActions.title')}
      </h2>
      <ul className="grid grid-cols-3 gap-2 min-[420px]:grid-cols-5">
        {shown.map(({ href, onClick, name, ...action }) => (
          <li key={name} className="grid">
            {href ? (
              <Link href={href} className={actionClass}>
                <ActionContent {...action} />
              </Link>
            ) : (
              <button type="button" className={actionClass} onClick={onClick}>
                <ActionContent {...action} />
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
