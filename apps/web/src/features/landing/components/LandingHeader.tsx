import { Anchor, Box, Burger, Button, Container, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Brand } from './Brand.tsx';
import classes from './landing.module.css';

const SECTIONS = [
  { href: '#features', key: 'nav.features' },
  { href: '#pricing', key: 'nav.pricing' },
  { href: '#contact', key: 'nav.contact' },
] as const;

/** Sticky top bar; below the sm breakpoint the links move into a drawer. */
export function LandingHeader() {
  const { t } = useTranslation('landing');
  const [opened, { toggle, close }] = useDisclosure(false);

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never">
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
            <Button component={Link} to="/login" variant="subtle" color="dark" size="sm">
              {t('nav.login')}
            </Button>
            <Button component={Link} to="/register" size="sm">
              {t('nav.getStarted')}
            </Button>
          </Group>

          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="sm"
            aria-label={t(opened ? 'nav.closeMenu' : 'nav.openMenu')}
          />
        </Group>
      </Container>

      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size="80%"
        hiddenFrom="sm"
        title={<Brand />}
        closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      >
        <Stack gap="lg" component="nav" aria-label={t('nav.label')}>
          <Box>
            {SECTIONS.map((s) => (
              <a key={s.href} href={s.href} className={classes.drawerLink} onClick={close}>
                {t(s.key)}
              </a>
            ))}
          </Box>
          <Stack gap="sm">
            <Button component={Link} to="/login" variant="default" fullWidth onClick={close}>
              {t('nav.login')}
            </Button>
            <Button component={Link} to="/register" fullWidth onClick={close}>
              {t('nav.getStarted')}
            </Button>
          </Stack>
        </Stack>
      </Drawer>
    </Box>
  );
}
