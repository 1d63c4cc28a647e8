import {
  ActivityIcon,
  Building2Icon,
  ClipboardListIcon,
  HeartPulseIcon,
  HomeIcon,
  LayoutDashboardIcon,
  ListOrderedIcon,
  MessageCircleIcon,
  NetworkIcon,
  UserIcon,
  UsersIcon,
  type LucideIcon,
} from 'lucide-react';
import type { Role } from '@shared/role';

export type NavLabel =
  | 'home'
  | 'health'
  | 'messages'
  | 'profile'
  | 'queue'
  | 'today'
  | 'overview'
  | 'network'
  | 'hmis'
  | 'clinics'
  | 'people';

export interface NavLink {
  kind: 'link';
  label: NavLabel;
  to: string;
  icon: LucideIcon;
}

/** The patient's centre button, which opens the camera sheet instead of a page. */
export interface NavCamera {
  kind: 'camera';
}

export type NavItem = NavLink | NavCamera;

const link = (label: NavLabel, to: string, icon: LucideIcon): NavLink => ({
  kind: 'link',
  label,
  to,
  icon,
});

/**
 * Bottom navigation per role, in the spec's order. Only pages that exist have a tab: the
 * spec's Patients, Schedule, People, Settings, Tenants, Compliance and Account have no page
 * yet, and a tab that leads to "Page not found" promises what the app does not do.
 */
export const navItemsByRole: Record<Role, NavItem[]> = {
  patient: [
    link('home', '/', HomeIcon),
    link('health', '/health', HeartPulseIcon),
    { kind: 'camera' },
    link('messages', '/messages', MessageCircleIcon),
    link('profile', '/profile', UserIcon),
  ],
  doctor: [
    link('queue', '/queue', ListOrderedIcon),
    link('messages', '/messages', MessageCircleIcon),
    link('profile', '/profile', UserIcon),
  ],
  manager: [
    link('today', '/today', ActivityIcon),
    link('hmis', '/hmis', ClipboardListIcon),
    link('profile', '/profile', UserIcon),
  ],
  // Every role reaches its profile, and Log out on it.
  admin: [
    link('overview', '/overview', LayoutDashboardIcon),
    link('people', '/people', UsersIcon),
    link('profile', '/profile', UserIcon),
  ],
  superadmin: [
    link('network', '/', NetworkIcon),
    link('hmis', '/hmis', ClipboardListIcon),
    link('clinics', '/clinics', Building2Icon),
    link('people', '/people', UsersIcon),
    link('profile', '/profile', UserIcon),
  ],
  researcher: [link('home', '/', HomeIcon), link('profile', '/profile', UserIcon)],
};
