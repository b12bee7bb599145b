import { Anchor, Box, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChefHat } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/document-title.ts';
import { MAIN_ID, SkipLink } from './SkipLink.tsx';
import { paths } from '../lib/paths.ts';

/** The sign-in family of pages: brand, tagline and one card, comfortable on a phone and a tablet. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <>
      <SkipLink />
      <Box
        mih="100vh"
        style={{ background: 'linear-gradient(160deg, var(--mantine-color-orange-0) 0%, #fff 55%)' }}
      >
        <Center component="main" id={MAIN_ID} tabIndex={-1} mih="100vh" p="md">
          <Stack w="100%" maw={420} gap="lg">
            <Stack gap={4} align="center">
              <Anchor
                component={Link}
                to={paths.landing}
                underline="never"
                c="inherit"
                aria-label={t('app.home')}
              >
                <Group gap="xs">
                  <ThemeIcon size={40} radius="md" color="orange">
                    <IconChefHat size={24} />
                  </ThemeIcon>
                  <Text fw={800} fz={26}>
                    {t('app.name')}
                  </Text>
                </Group>
              </Anchor>
              <Text c="dimmed" fz="sm">
                {t('app.tagline')}
              </Text>
            </Stack>
            <Paper withBorder shadow="sm" p="xl" radius="lg">
              <Stack gap="md">
                <Stack gap={2}>
                  <Title order={1} fz={24}>
                    {title}
                  </Title>
                  {subtitle && (
                    <Text c="dimmed" fz="sm">
                      {subtitle}
                    </Text>
                  )}
                </Stack>
                {children}
              </Stack>
            </Paper>
          </Stack>
        </Center>
      </Box>
    </>
  );
}
