import { Box, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChefHat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { MAIN_ID, SkipLink } from '../../../components/SkipLink.tsx';

interface StatusScreenProps {
  icon: ReactNode;
  /** Mantine color of the icon badge: the outcome at a glance. */
  color: string;
  title: string;
  text?: ReactNode;
  children?: ReactNode;
  /** Shown under the card, e.g. the plan card, which is a card of its own. */
  below?: ReactNode;
}

/** The full-screen frame shared by the outcome pages (no access, payment results, subscription). */
export function StatusScreen({ icon, color, title, text, children, below }: StatusScreenProps) {
  const { t } = useTranslation('status');
  useDocumentTitle(title);
  return (
    <>
      <SkipLink />
      <Box
        mih="100vh"
        px="md"
        py={48}
        style={{ background: 'linear-gradient(180deg, var(--mantine-color-orange-0) 0%, #fff 60%)' }}
      >
        <Center component="main" id={MAIN_ID} tabIndex={-1} mih="calc(100vh - 96px)">
          <Stack align="center" gap="xl" w="100%" maw={480}>
            <Group gap={8} aria-hidden>
              <ThemeIcon
                size={30}
                radius="md"
                variant="gradient"
                gradient={{ from: 'orange.6', to: 'red.6', deg: 135 }}
              >
                <IconChefHat size={18} stroke={1.8} />
              </ThemeIcon>
              <Text fw={800} fz={18} style={{ letterSpacing: '-0.02em' }}>
                {t('brand')}
              </Text>
            </Group>
            <Paper withBorder radius="lg" shadow="sm" p={{ base: 'lg', sm: 40 }} w="100%">
              <Stack align="center" ta="center" gap="md">
                <ThemeIcon size={64} radius="xl" variant="light" color={color} aria-hidden>
                  {icon}
                </ThemeIcon>
                <Title order={1} fz={{ base: 22, sm: 26 }} lh={1.25}>
                  {title}
                </Title>
                {text && (
                  <Text c="dimmed" lh={1.6}>
                    {text}
                  </Text>
                )}
                {children}
              </Stack>
            </Paper>
            {below}
          </Stack>
        </Center>
      </Box>
    </>
  );
}
