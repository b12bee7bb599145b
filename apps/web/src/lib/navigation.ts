import type { Icon } from '@tabler/icons-react';
import {
  IconAddressBook,
  IconBuildingStore,
  IconCalendarEvent,
  IconCashRegister,
  IconCash,
  IconChefHat,
  IconClipboardList,
  IconFileInvoice,
  IconCategory,
  IconClockHour4,
  IconCreditCard,
  IconHistory,
  IconReceiptOff,
  IconDeviceMobile,
  IconDeviceTv,
  IconPercentage,
  IconPrinter,
  IconReportAnalytics,
  IconSoup,
  IconTable,
  IconHeadset,
  IconLayoutDashboard,
  IconSettings,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { canOpen, type AccessSubject, type Screen } from '@comanda/core';
import { paths } from './paths.ts';

/** One place a user can go: the sidebar, the Ctrl/Cmd+K search and the user menu read this table. */
export interface NavEntry {
  screen: Screen;
  /** dashboard namespace key */
  label: string;
  path: string;
  icon: Icon;
  /**
   * Sidebar section; 'account' entries live in the user menu and the search only, 'settings' entries
   * in the settings menu and the search.
   */
  section: 'offerings' | 'backoffice' | 'account' | 'settings';
  /** dashboard namespace key of more words the Ctrl/Cmd+K search finds this entry by */
  keywords?: string;
  /** Shown in the sidebar to admins only (SPEC §6: Users). */
  sidebarAdminOnly?: boolean;
}

export const NAV: NavEntry[] = [
  {
    screen: 'home',
    label: 'nav.home',
    path: paths.dashboard.home,
    icon: IconLayoutDashboard,
    section: 'offerings',
  },
  {
    screen: 'pos',
    label: 'nav.pos',
    keywords: 'nav.pos.keywords',
    path: paths.dashboard.pos,
    icon: IconCashRegister,
    section: 'offerings',
  },
  {
    screen: 'pos',
    label: 'nav.shift',
    keywords: 'nav.shift.keywords',
    path: paths.dashboard.shift,
    icon: IconCash,
    section: 'offerings',
  },
  {
    screen: 'orders',
    label: 'nav.orders',
    keywords: 'nav.orders.keywords',
    path: paths.dashboard.orders,
    icon: IconClipboardList,
    section: 'offerings',
  },
  {
    screen: 'kitchen',
    label: 'nav.kitchen',
    keywords: 'nav.kitchen.keywords',
    path: paths.dashboard.kitchen,
    icon: IconChefHat,
    section: 'offerings',
  },
  {
    screen: 'order-status-board',
    label: 'nav.orderStatusBoard',
    keywords: 'nav.orderStatusBoard.keywords',
    path: paths.dashboard.orderStatusBoard,
    icon: IconDeviceTv,
    section: 'offerings',
  },
  {
    screen: 'reservation',
    label: 'nav.reservation',
    path: paths.dashboard.reservation,
    icon: IconCalendarEvent,
    section: 'offerings',
  },
  {
    screen: 'customers',
    label: 'nav.customers',
    path: paths.dashboard.customers,
    icon: IconAddressBook,
    section: 'offerings',
  },
  {
    screen: 'invoices',
    label: 'nav.invoices',
    keywords: 'nav.invoices.keywords',
    path: paths.dashboard.invoices,
    icon: IconFileInvoice,
    section: 'backoffice',
  },
  {
    screen: 'reports',
    label: 'nav.reports',
    keywords: 'nav.reports.keywords',
    path: paths.dashboard.reports,
    icon: IconReportAnalytics,
    section: 'backoffice',
  },
  {
    screen: 'users',
    label: 'nav.users',
    path: paths.dashboard.users,
    icon: IconUsers,
    section: 'backoffice',
    sidebarAdminOnly: true,
  },
  {
    screen: 'timesheets',
    label: 'nav.timesheets',
    keywords: 'nav.timesheets.keywords',
    path: paths.dashboard.timesheets,
    icon: IconClockHour4,
    section: 'backoffice',
  },
  {
    screen: 'settings',
    label: 'nav.settings',
    path: paths.dashboard.settings.root,
    icon: IconSettings,
    section: 'backoffice',
  },
  {
    screen: 'profile',
    label: 'nav.profile',
    path: paths.dashboard.profile,
    icon: IconUserCircle,
    section: 'account',
  },
  {
    screen: 'devices',
    label: 'nav.devices',
    path: paths.dashboard.devices,
    icon: IconDeviceMobile,
    section: 'account',
  },
  {
    screen: 'contact-support',
    label: 'nav.support',
    path: paths.dashboard.support,
    icon: IconHeadset,
    section: 'account',
  },
];

/** The settings screens (SPEC §2 Settings): the settings menu and the search read this table. */
export const SETTINGS_PAGES: NavEntry[] = (
  [
    ['details', paths.dashboard.settings.details, IconBuildingStore],
    ['print', paths.dashboard.settings.print, IconPrinter],
    ['tables', paths.dashboard.settings.tables, IconTable],
    ['menuItems', paths.dashboard.settings.menuItems, IconSoup],
    ['categories', paths.dashboard.settings.categories, IconCategory],
    ['taxes', paths.dashboard.settings.taxes, IconPercentage],
    ['paymentTypes', paths.dashboard.settings.paymentTypes, IconCreditCard],
    ['voidReasons', paths.dashboard.settings.voidReasons, IconReceiptOff],
    ['auditLog', paths.dashboard.settings.auditLog, IconHistory],
  ] as const
).map(([key, path, icon]) => ({
  screen: 'settings',
  label: `nav.settings.${key}`,
  keywords: `nav.settings.${key}.keywords`,
  path,
  icon,
  section: 'settings',
}));

/** The entries a user may open (search); the sidebar also hides admin-only entries from staff. */
export function entriesFor(subject: AccessSubject, where: 'search' | 'sidebar'): NavEntry[] {
  return [...NAV, ...SETTINGS_PAGES].filter(
    (e) =>
      canOpen(subject, e.screen) &&
      (where === 'search' ||
        (e.section !== 'account' &&
          e.section !== 'settings' &&
          (!e.sidebarAdminOnly || subject.role === 'admin'))),
  );
}
