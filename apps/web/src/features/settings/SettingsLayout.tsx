import { Grid, NavLink, Paper, Select, Stack } from '@mantine/core';
import {
  IconBuildingStore,
  IconCategory,
  IconCreditCard,
  IconPercentage,
  IconPrinter,
  IconSoup,
  IconTable,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';

const MENU = [
  { label: 'menu.details', path: '/dashboard/settings/details', icon: IconBuildingStore },
  { label: 'menu.print', path: '/dashboard/settings/print-settings', icon: IconPrinter },
  { label: 'menu.tables', path: '/dashboard/settings/tables', icon: IconTable },
  { label: 'menu.menuItems', path: '/dashboard/settings/menu-items', icon: IconSoup },
  { label: 'menu.categories', path: '/dashboard/settings/menu-items/categories', icon: IconCategory },
  { label: 'menu.taxes', path: '/dashboard/settings/tax-setup', icon: IconPercentage },
  { label: 'menu.paymentTypes', path: '/dashboard/settings/payment-types', icon: IconCreditCard },
];

/** The entry whose path is the longest prefix of the location (categories sit under menu items). */
function activePath(pathname: string): string {
  if (pathname === '/dashboard/settings' || pathname === '/dashboard/settings/') return MENU[0]?.path ?? '';
  const matches = MENU.filter((m) => pathname === m.path || pathname.startsWith(`${m.path}/`));
  return matches.sort((a, b) => b.path.length - a.path.length)[0]?.path ?? '';
}

/** /dashboard/settings: the settings side menu and the chosen screen (SPEC §2 Settings). */
export function SettingsLayout() {
  const { t } = useTranslation('settings');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = activePath(pathname);
  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Select
          hiddenFrom="md"
          aria-label={t('menu.label')}
          data={MENU.map((m) => ({ value: m.path, label: t(m.label) }))}
          value={active}
          onChange={(v) => v && void navigate(v)}
          allowDeselect={false}
        />
        <Paper withBorder radius="lg" p="xs" visibleFrom="md" component="nav" aria-label={t('menu.label')}>
          <Stack gap={2}>
            {MENU.map((m) => (
              <NavLink
                key={m.path}
                component={Link}
                to={m.path}
                label={t(m.label)}
                leftSection={<m.icon size={20} stroke={1.7} />}
                active={active === m.path}
                style={{ borderRadius: 8 }}
              />
            ))}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Outlet />
      </Grid.Col>
    </Grid>
  );
}
