import { ActionIcon, Menu } from '@mantine/core';
import {
  IconBuildingStore,
  IconHeadset,
  IconLayoutDashboard,
  IconLogout,
  IconReportAnalytics,
  IconUserShield,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NavEntry } from '../../lib/navigation.ts';
import { useSignOut } from '../../lib/sign-out.ts';
import { Shell } from './Shell.tsx';
import { paths } from '../../lib/paths.ts';

const ENTRIES: NavEntry[] = [
  {
    screen: 'home',
    label: 'nav.superHome',
    path: paths.superadmin.home,
    icon: IconLayoutDashboard,
    section: 'offerings',
  },
  {
    screen: 'home',
    label: 'nav.superTenants',
    path: paths.superadmin.tenants,
    icon: IconBuildingStore,
    section: 'offerings',
  },
  {
    screen: 'reports',
    label: 'nav.superReports',
    path: paths.superadmin.reports,
    icon: IconReportAnalytics,
    section: 'offerings',
  },
  {
    screen: 'contact-support',
    label: 'nav.support',
    path: paths.superadmin.support,
    icon: IconHeadset,
    section: 'account',
  },
];

/** The super administrator's frame: sidebar (remembered), search, and a header menu with Support and Logout. */
export function SuperadminLayout() {
  const { t } = useTranslation('dashboard');

  const { signOut } = useSignOut('superadmin');

  return (
    <Shell
      storageKey="comanda.superadmin.sidebar"
      sections={[{ title: 'section.superadmin', entries: ENTRIES.filter((e) => e.section !== 'account') }]}
      searchEntries={ENTRIES}
      header={
        <Menu withInitialFocusPlaceholder={false} position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="light"
              size="lg"
              radius="xl"
              aria-label={t('userMenu.open')}
              data-testid="user-menu"
            >
              <IconUserShield size={20} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={paths.superadmin.support} leftSection={<IconHeadset size={16} />}>
              {t('nav.support')}
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
              {t('userMenu.logout')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      }
    />
  );
}
