import { CameraIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useRoute } from 'wouter';
import type { Role } from '@shared/role';
import { cn } from '@/lib/cn';
import { navItemsByRole, type NavLink } from './nav-items';

interface BottomNavProps {
  role: Role;
  onOpenCamera: () => void;
  /** The camera button pulses while a doctor is waiting in a visit. */
  cameraAttention?: boolean;
}

export function BottomNav({ role, onOpenCamera, cameraAttention = false }: BottomNavProps) {
  const { t } = useTranslation();
  const items = navItemsByRole[role];
  if (items.length === 0) return null;

  return (
    <nav
      aria-label={t('nav.label')}
      className="border-border bg-card/95 fixed inset-x-0 bottom-0 z-40 border-t pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto flex max-w-xl items-end justify-around px-1 pt-1">
        {items.map((item) =>
          item.kind === 'camera' ? (
            <li key="camera" className="flex flex-1 justify-center">
              <button
                type="button"
                aria-label={t('nav.camera')}
                onClick={onOpenCamera}
                className={cn(
                  'bg-accent-600 hover:bg-accent-700 -mt-5 mb-1 flex size-14 items-center justify-center rounded-full text-white shadow-lg',
                  cameraAttention && 'ring-accent-500/40 animate-pulse ring-4',
                )}
              >
                <CameraIcon className="size-6" aria-hidden="true" />
              </button>
            </li>
          ) : (
            <li key={item.label} className="flex flex-1">
              <NavTab item={item} />
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

function NavTab({ item }: { item: NavLink }) {
  const { t } = useTranslation();
  const [active] = useRoute(item.to);
  return (
    <Link
      href={item.to}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex min-h-[34px] flex-1 flex-col items-center justify-center gap-0.5 rounded-lg px-1 py-1.5 text-xs font-medium',
        active ? 'text-brand-700' : 'text-muted-foreground hover:text-foreground',
      )}
    >
      <item.icon className="size-5" aria-hidden="true" />
      {t(`nav.${item.label}`)}
    </Link>
  );
}
