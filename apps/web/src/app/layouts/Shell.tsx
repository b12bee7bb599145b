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
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
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
import type { NavEntry } from '../../lib/navigation.ts';
import { MAIN_ID, SkipLink } from '../../components/SkipLink.tsx';

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
  // Below Mantine's `sm` (48em, the navbar's breakpoint): at exactly 768 px the navbar is the 76 px
  // rail, so its labels must stay hidden there.
  const isMobile = useMediaQuery('(max-width: 47.99em)');
  // Below ~1200 px (a tablet in landscape) the sidebar shows icons only, so pages keep their width;
  // the remembered preference applies above that, and the toggle opens it for the moment below.
  const narrow = useMediaQuery('(max-width: 74.99em)', false, { getInitialValueInEffect: false });
  const [mobileOpen, mobile] = useDisclosure(false);
  const [remembered, setRemembered] = useLocalStorage({
    key: props.storageKey,
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  const [narrowOpen, setNarrowOpen] = useState(false);
  const expanded = narrow ? narrowOpen : remembered;
  const toggle = () => (narrow ? setNarrowOpen((v) => !v) : setRemembered((v) => !v));
  const wide = expanded || isMobile;
  const closeNav = () => {
    mobile.close();
    setNarrowOpen(false);
  };

  return (
    <>
      <SkipLink />
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
                  onClick={toggle}
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
                aria-keyshortcuts="Control+K Meta+K"
                px="sm"
                mih={44}
                miw={44}
                style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8 }}
              >
                <Group gap="xs" wrap="nowrap" justify="center">
                  <IconSearch size={18} color="var(--mantine-color-gray-7)" aria-hidden />
                  <Text fz="sm" c="dimmed" visibleFrom="sm">
                    {t('shell.search')}
                  </Text>
                  <VisuallyHidden hiddenFrom="sm">{t('shell.search')}</VisuallyHidden>
                  <Kbd size="xs" visibleFrom="sm" aria-hidden>
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
                          onClick={closeNav}
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

        <AppShell.Main bg="gray.0" id={MAIN_ID} tabIndex={-1}>
          <Outlet />
        </AppShell.Main>

        <Spotlight
          shortcut={['mod + K']}
          actions={props.searchEntries.map((e) => ({
            id: e.path,
            label: t(e.label),
            description: e.section === 'settings' ? t('nav.settings') : undefined,
            keywords: t(e.keywords ?? `${e.label}.keywords`, { defaultValue: '' }).split(' '),
            leftSection: <e.icon size={20} aria-hidden />,
            onClick: () => void navigate(e.path),
          }))}
          // The dialog's name; its header is there for screen readers only.
          title={t('shell.searchDialog')}
          styles={{
            action: { minHeight: 44 },
            header: {
              position: 'absolute',
              width: 1,
              height: 1,
              padding: 0,
              overflow: 'hidden',
              clipPath: 'inset(50%)',
            },
          }}
          nothingFound={t('shell.nothingFound')}
          highlightQuery
          searchProps={{
            leftSection: <IconSearch size={18} aria-hidden />,
            placeholder: t('shell.searchPlaceholder'),
            'aria-label': t('shell.searchLabel'),
          }}
        />
      </AppShell>
    </>
  );
}
