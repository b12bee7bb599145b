import {
  ActionIcon,
  AppShell,
  Burger,
  Group,
  Kbd,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { Spotlight, spotlight } from '@mantine/spotlight';
import {
  IconChefHat,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconSearch,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import type { NavEntry } from '../navigation.ts';

export interface ShellSection {
  title: string;
  entries: NavEntry[];
}

/**
 * The signed-in frame shared by the tenant back office and the super admin: a collapsible sidebar whose
 * state is remembered, a Ctrl/Cmd+K search over the pages the user may open, and a header slot.
 */
export function Shell(props: {
  storageKey: string;
  sections: ShellSection[];
  searchEntries: NavEntry[];
  header: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const location = useLocation();
  const navigate = useNavigate();
  const isMobile = useMediaQuery('(max-width: 48em)');
  const [mobileOpen, mobile] = useDisclosure(false);
  const [expanded, setExpanded] = useLocalStorage({
    key: props.storageKey,
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  const wide = expanded || isMobile;

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: expanded ? 248 : 76, breakpoint: 'sm', collapsed: { mobile: !mobileOpen } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpen}
              onClick={mobile.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('shell.menu')}
            />
            <Tooltip label={expanded ? t('shell.collapse') : t('shell.expand')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                visibleFrom="sm"
                onClick={() => setExpanded((v) => !v)}
                aria-label={expanded ? t('shell.collapse') : t('shell.expand')}
                aria-expanded={expanded}
              >
                {expanded ? (
                  <IconLayoutSidebarLeftCollapse size={22} />
                ) : (
                  <IconLayoutSidebarLeftExpand size={22} />
                )}
              </ActionIcon>
            </Tooltip>
            <Group gap={8} wrap="nowrap">
              <ThemeIcon size={32} radius="md">
                <IconChefHat size={20} />
              </ThemeIcon>
              <Text fw={800} fz="lg">
                Comanda
              </Text>
            </Group>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <UnstyledButton
              onClick={() => spotlight.open()}
              aria-label={t('shell.search')}
              px="sm"
              py={6}
              style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
            >
              <Group gap="xs" wrap="nowrap">
                <IconSearch size={16} color="var(--mantine-color-gray-6)" />
                <Text fz="sm" c="dimmed" visibleFrom="sm">
                  {t('shell.search')}
                </Text>
                <Kbd size="xs" visibleFrom="sm">
                  Ctrl + K
                </Kbd>
              </Group>
            </UnstyledButton>
            {props.header}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label={t('shell.sidebar')}>
        <ScrollArea type="never">
          <Stack gap="lg">
            {props.sections
              .filter((s) => s.entries.length > 0)
              .map((section) => (
                <Stack key={section.title} gap={4}>
                  {wide && (
                    <Text fz="xs" fw={700} c="dimmed" tt="uppercase" px="sm">
                      {t(section.title)}
                    </Text>
                  )}
                  {section.entries.map((e) => {
                    const active = location.pathname.startsWith(e.path);
                    const link = (
                      <NavLink
                        key={e.path}
                        component={Link}
                        to={e.path}
                        label={wide ? t(e.label) : undefined}
                        aria-label={t(e.label)}
                        leftSection={<e.icon size={22} stroke={1.7} />}
                        active={active}
                        onClick={mobile.close}
                        style={{ borderRadius: 8 }}
                        py={10}
                      />
                    );
                    return wide ? (
                      link
                    ) : (
                      <Tooltip key={e.path} label={t(e.label)} position="right">
                        {link}
                      </Tooltip>
                    );
                  })}
                </Stack>
              ))}
          </Stack>
        </ScrollArea>
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0">
        <Outlet />
      </AppShell.Main>

      <Spotlight
        shortcut={['mod + K']}
        actions={props.searchEntries.map((e) => ({
          id: e.path,
          label: t(e.label),
          leftSection: <e.icon size={20} />,
          onClick: () => void navigate(e.path),
        }))}
        nothingFound={t('shell.nothingFound')}
        highlightQuery
        searchProps={{ leftSection: <IconSearch size={18} />, placeholder: t('shell.searchPlaceholder') }}
      />
    </AppShell>
  );
}
