import { ActionIcon, Menu } from '@mantine/core';
import { IconHeadset, IconLayoutDashboard, IconLogout, IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { apiRequest } from '../api-client.ts';
import type { NavEntry } from '../navigation.ts';
import { forgetSession } from '../session.ts';
import { toast } from '../toast.ts';
import { Shell } from './Shell.tsx';

const ENTRIES: NavEntry[] = [
  { screen: 'home', label: 'nav.superHome', path: '/superadmin/dashboard/home', icon: IconLayoutDashboard, section: 'offerings' },
  { screen: 'contact-support', label: 'nav.support', path: '/superadmin/dashboard/contact-support', icon: IconHeadset, section: 'account' },
];

/** The super administrator's frame: sidebar (remembered), search, and a header menu with Support and Logout. */
export function SuperadminLayout() {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();

  const logout = async () => {
    try {
      const res = await apiRequest<{ message: string }>('/superadmin/signout', { method: 'POST' });
      forgetSession('superadmin');
      toast.success(res.message);
      void navigate('/superadmin', { replace: true });
    } catch (error) {
      toast.fromError(error, 'Something went wrong! Try later!');
    }
  };

  return (
    <Shell
      storageKey="comanda.superadmin.sidebar"
      sections={[{ title: 'section.superadmin', entries: ENTRIES.filter((e) => e.section !== 'account') }]}
      searchEntries={ENTRIES}
      header={
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="light" size="lg" radius="xl" aria-label={t('userMenu.open')} data-testid="user-menu">
              <IconUserShield size={20} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to="/superadmin/dashboard/contact-support" leftSection={<IconHeadset size={16} />}>
              {t('nav.support')}
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
              {t('userMenu.logout')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      }
    />
  );
}
