import {
  ActivityIcon,
  HeartPulseIcon,
  HomeIcon,
  LayoutDashboardIcon,
  ListOrderedIcon,
  MessageCircleIcon,
  NetworkIcon,
  ScrollTextIcon,
  SettingsIcon,
  ShieldCheckIcon,
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
  | 'compliance'
  | 'settings'
  | 'patients'
  | 'account'
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
 * Bottom navigation per role, in the order of the spec's table. Only pages that exist have a
 * tab: the spec's Schedule, People, Settings, Tenants and Compliance have no page yet, and a
 * tab that leads to "Page not found" promises what the app does not do. The pages earlier
 * work added beside the spec's (the HMIS report, clinics, doctors' hours) are reached from
 * within the spec's pages, not as tabs of their own: the HMIS report from the manager's Today
 * and the super administrator's Network, the clinics from Network, a doctor's hours from their
 * Profile and the manager's Today. Every staff role reaches Account (the super administrator's
 * tab; from Profile for the others) and Log out on it.
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
    link('patients', '/patients', UsersIcon),
    link('messages', '/messages', MessageCircleIcon),
    link('profile', '/profile', UserIcon),
  ],
  manager: [
    link('today', '/today', ActivityIcon),
    link('patients', '/patients', UsersIcon),
    link('profile', '/profile', UserIcon),
  ],
  // Until People and Schedule exist, the admin keeps Profile, and reaches Account and Log out from it.
  admin: [
    link('overview', '/overview', LayoutDashboardIcon),
    link('people', '/people', UsersIcon),
    link('settings', '/settings', SettingsIcon),
    link('profile', '/profile', UserIcon),
  ],
  superadmin: [
    link('network', '/', NetworkIcon),
    link('compliance', '/compliance', ScrollTextIcon),
    link('account', '/account', ShieldCheckIcon),
  ],
  researcher: [link('home', '/', HomeIcon), link('profile', '/profile', UserIcon)],
};
