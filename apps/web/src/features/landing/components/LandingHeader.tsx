import { Anchor, Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Brand } from './Brand.tsx';
import { SECTIONS } from './sections.ts';
import classes from './landing.module.css';
import { paths } from '../../../lib/paths.ts';

// The drawer brings a portal, a focus trap and a scroll area (about a sixth of the landing page's
// weight); it is fetched on the first tap of the burger, which most visitors never make.
const MenuDrawer = lazy(() => import('./MenuDrawer.tsx').then((m) => ({ default: m.MenuDrawer })));

/** Sticky top bar; below the sm breakpoint the links move into a drawer. */
export function LandingHeader() {
  const { t } = useTranslation('landing');
  const [opened, { toggle, close }] = useDisclosure(false);
  const [drawerWanted, setDrawerWanted] = useState(false);

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={paths.landing} underline="never">
            <Brand />
          </Anchor>

          <Group component="nav" gap={4} visibleFrom="sm" aria-label={t('nav.label')}>
            {SECTIONS.map((s) => (
              <a key={s.href} href={s.href} className={classes.navLink}>
                {t(s.key)}
              </a>
            ))}
          </Group>

          <Group gap="sm" visibleFrom="sm" wrap="nowrap">
            <Button component={Link} to={paths.login} variant="subtle" color="dark" size="sm">
              {t('nav.login')}
            </Button>
            <Button component={Link} to={paths.register} size="sm">
              {t('nav.getStarted')}
            </Button>
          </Group>

          <Burger
            opened={opened}
            onClick={() => {
              setDrawerWanted(true);
              toggle();
            }}
            hiddenFrom="sm"
            aria-label={t(opened ? 'nav.closeMenu' : 'nav.openMenu')}
          />
        </Group>
      </Container>

      {drawerWanted && (
        <Suspense fallback={null}>
          <MenuDrawer opened={opened} onClose={close} />
        </Suspense>
      )}
    </Box>
  );
}
