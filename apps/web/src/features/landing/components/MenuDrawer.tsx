import { Box, Button, Drawer, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Brand } from './Brand.tsx';
import { SECTIONS } from './sections.ts';
import classes from './landing.module.css';
import { paths } from '../../../lib/paths.ts';

/** The header's links below the sm breakpoint. */
export function MenuDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('landing');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="80%"
      hiddenFrom="sm"
      title={<Brand />}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
    >
      <Stack gap="lg" component="nav" aria-label={t('nav.label')}>
        <Box>
          {SECTIONS.map((s) => (
            <a key={s.href} href={s.href} className={classes.drawerLink} onClick={onClose}>
              {t(s.key)}
            </a>
          ))}
        </Box>
        <Stack gap="sm">
          <Button component={Link} to={paths.login} variant="default" fullWidth onClick={onClose}>
            {t('nav.login')}
          </Button>
          <Button component={Link} to={paths.register} fullWidth onClick={onClose}>
            {t('nav.getStarted')}
          </Button>
        </Stack>
      </Stack>
    </Drawer>
  );
}
