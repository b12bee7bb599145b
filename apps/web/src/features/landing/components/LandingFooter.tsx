import { Box, Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '@comanda/core';
import { Brand } from './Brand.tsx';
import classes from './landing.module.css';

// Placeholders: the policies have no pages yet, so they are plain text rather than dead links (SPEC §2).
const POLICIES = ['footer.privacy', 'footer.refund', 'footer.terms'] as const;

/** Policies, copyright and version. */
export function LandingFooter() {
  const { t } = useTranslation('landing');
  return (
    <Box component="footer" className={classes.footer} py={40}>
      <Container size="lg">
        <Group justify="space-between" align="flex-start" gap="xl">
          <Stack gap="xs" maw={320}>
            <Brand />
            <Text size="sm" c="dimmed">
              {t('footer.about')}
            </Text>
          </Stack>
          <Group gap="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {POLICIES.map((key) => (
              <Text key={key} component="li" size="sm" c="gray.7" fw={500}>
                {t(key)}
              </Text>
            ))}
          </Group>
        </Group>
        <Group
          justify="space-between"
          mt={32}
          pt="md"
          style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
        >
          <Text size="xs" c="dimmed">
            {t('footer.copyright', { year: new Date().getFullYear() })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('footer.version', { version: APP_VERSION })}
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
