import type { Icon } from '@tabler/icons-react';
import {
  IconDeviceMobile,
  IconHeadset,
  IconLayoutDashboard,
  IconSettings,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { canOpen, type AccessSubject, type Screen } from '@comanda/core';

/** One place a user can go: the sidebar, the Ctrl/Cmd+K search and the user menu read this table. */
export interface NavEntry {
  screen: Screen;
  /** dashboard namespace key */
  label: string;
  path: string;
  icon: Icon;
  /** Sidebar section; 'account' entries live in the user menu and the search only. */
  section: 'offerings' | 'backoffice' | 'account';
  /** Shown in the sidebar to admins only (SPEC §6: Users). */
  sidebarAdminOnly?: boolean;
}

export const NAV: NavEntry[] = [
  {
    screen: 'home',
    label: 'nav.home',
    path: '/dashboard/home',
    icon: IconLayoutDashboard,
    section: 'offerings',
  },
  {
    screen: 'users',
    label: 'nav.users',
    path: '/dashboard/users',
    icon: IconUsers,
    section: 'backoffice',
    sidebarAdminOnly: true,
  },
  {
    screen: 'settings',
    label: 'nav.settings',
    path: '/dashboard/settings',
    icon: IconSettings,
    section: 'backoffice',
  },
  {
    screen: 'profile',
    label: 'nav.profile',
    path: '/dashboard/profile',
    icon: IconUserCircle,
    section: 'account',
  },
  {
    screen: 'devices',
    label: 'nav.devices',
    path: '/dashboard/devices',
    icon: IconDeviceMobile,
    section: 'account',
  },
  {
    screen: 'contact-support',
    label: 'nav.support',
    path: '/dashboard/contact-support',
    icon: IconHeadset,
    section: 'account',
  },
];

/** The entries a user may open (search); the sidebar also hides admin-only entries from staff. */
export function entriesFor(subject: AccessSubject, where: 'search' | 'sidebar'): NavEntry[] {
  return NAV.filter(
    (e) =>
      canOpen(subject, e.screen) &&
      (where === 'search' || (e.section !== 'account' && (!e.sidebarAdminOnly || subject.role === 'admin'))),
  );
}
