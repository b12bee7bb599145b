import { Badge, Box, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { PLAN_FEATURES, PLAN_PRICE_CENTS } from '@comanda/core';

/** Whole dollars print without decimals ("$5"); the division only feeds the formatter, never a sum. */
function formatUsd(cents: number): string {
  const digits = cents % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(cents / 100);
}

/** The single monthly plan (SPEC §9), shown on the landing page and the inactive-subscription page. */
export function PlanCard({ action }: { action?: ReactNode }) {
  const { t } = useTranslation('landing');
  return (
    <Card
      withBorder
      radius="lg"
      shadow="md"
      padding="xl"
      w="100%"
      maw={400}
      style={{ borderTop: '4px solid var(--mantine-color-orange-6)' }}
    >
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={3} fz="h4">
            {t('plan.name')}
          </Title>
          <Badge variant="light" radius="sm">
            {t('plan.badge')}
          </Badge>
        </Group>
        <Box>
          <Group gap={6} align="baseline">
            <Text component="span" fz={48} fw={800} lh={1}>
              {formatUsd(PLAN_PRICE_CENTS)}
            </Text>
            <Text component="span" c="dimmed" fw={500}>
              {t('plan.perMonth')}
            </Text>
          </Group>
          <Text c="dimmed" size="sm" mt="xs">
            {t('plan.description')}
          </Text>
        </Box>
        <List
          spacing="sm"
          center
          icon={
            <ThemeIcon size={22} radius="xl" variant="light">
              <IconCheck size={14} stroke={3} />
            </ThemeIcon>
          }
        >
          {PLAN_FEATURES.map((feature) => (
            <List.Item key={feature}>
              <Text fw={500}>{t(feature)}</Text>
            </List.Item>
          ))}
        </List>
        {action}
      </Stack>
    </Card>
  );
}
