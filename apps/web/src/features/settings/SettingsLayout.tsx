import { Box, Group, NavLink, Paper, ScrollArea, Select, Stack, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { SETTINGS_PAGES } from '../../lib/navigation.ts';
import classes from './settings.module.css';

const MENU = SETTINGS_PAGES;

/** The entry whose path is the longest prefix of the location (categories sit under menu items). */
function activePath(pathname: string): string {
  const matches = MENU.filter((m) => pathname === m.path || pathname.startsWith(`${m.path}/`));
  return matches.sort((a, b) => b.path.length - a.path.length)[0]?.path ?? '';
}

/**
 * /dashboard/settings: the settings menu and the chosen screen (SPEC §2 Settings). The menu is a side
 * column on wide screens, a row of tabs above the screen on a tablet (so the screen keeps its width)
 * and a select on a phone.
 */
export function SettingsLayout() {
  const { t } = useTranslation('dashboard');
  const { t: ts } = useTranslation('settings');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = activePath(pathname);
  return (
    <Box className={classes.layout}>
      <Select
        hiddenFrom="sm"
        mb="md"
        aria-label={ts('menu.label')}
        data={MENU.map((m) => ({ value: m.path, label: t(m.label) }))}
        value={active}
        onChange={(v) => v && void navigate(v)}
        allowDeselect={false}
      />
      <ScrollArea
        visibleFrom="sm"
        hiddenFrom="lg"
        type="auto"
        offsetScrollbars="x"
        mb="md"
        className={classes.tabsBar}
      >
        <Group component="nav" aria-label={ts('menu.label')} gap={4} wrap="nowrap">
          {MENU.map((m) => (
            <UnstyledButton
              key={m.path}
              component={Link}
              to={m.path}
              className={classes.tab}
              data-active={active === m.path || undefined}
              aria-current={active === m.path ? 'page' : undefined}
            >
              {t(m.label)}
            </UnstyledButton>
          ))}
        </Group>
      </ScrollArea>
      <Paper
        withBorder
        radius="lg"
        p="xs"
        visibleFrom="lg"
        component="nav"
        aria-label={ts('menu.label')}
        className={classes.side}
      >
        <Stack gap={2}>
          {MENU.map((m) => (
            <NavLink
              key={m.path}
              component={Link}
              to={m.path}
              label={t(m.label)}
              leftSection={<m.icon size={20} stroke={1.7} aria-hidden />}
              active={active === m.path}
              aria-current={active === m.path ? 'page' : undefined}
              style={{ borderRadius: 8 }}
            />
          ))}
        </Stack>
      </Paper>
      <Box className={classes.content}>
        <Outlet />
      </Box>
    </Box>
  );
}
