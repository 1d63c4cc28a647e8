import {
  ActivityIcon,
  BuildingIcon,
  CalendarIcon,
  HeartPulseIcon,
  HomeIcon,
  LayoutDashboardIcon,
  ListOrderedIcon,
  MessageCircleIcon,
  NetworkIcon,
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
  | 'patients'
  | 'today'
  | 'schedule'
  | 'overview'
  | 'people'
  | 'settings'
  | 'network'
  | 'tenants'
  | 'compliance'
  | 'account';

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

/** Bottom navigation per role, as the spec's table lists it. */
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
    link('schedule', '/schedule', CalendarIcon),
    link('patients', '/patients', UsersIcon),
    link('profile', '/profile', UserIcon),
  ],
  admin: [
    link('overview', '/overview', LayoutDashboardIcon),
    link('people', '/people', UsersIcon),
    link('schedule', '/schedule', CalendarIcon),
    link('settings', '/settings', SettingsIcon),
  ],
  superadmin: [
    link('network', '/', NetworkIcon),
    link('tenants', '/tenants', BuildingIcon),
    link('compliance', '/compliance', ShieldCheckIcon),
    link('account', '/account', UserIcon),
  ],
  // The spec gives researchers no tabs: their placeholder home stands alone.
  researcher: [],
};
