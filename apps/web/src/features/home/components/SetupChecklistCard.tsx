import { Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { setupChecklistQueryOptions } from '../api/setup-checklist.ts';

/** Home's way back to the setup checklist (issue 31), for the owner, until it is done or hidden. */
export function SetupChecklistCard() {
  const { t } = useTranslation('dashboard');
  const checklist = useQuery(setupChecklistQueryOptions());
  const data = checklist.data;
  if (!data || data.dismissed || data.complete) return null;
  const done = data.steps.filter((s) => s.done).length;
  return (
    <Card withBorder radius="lg" padding="lg" mb="md" component="section" aria-labelledby="home-setup">
      <Group justify="space-between" wrap="wrap" gap="md">
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 260px' }}>
          <IconChecklist size={26} aria-hidden color="var(--mantine-color-teal-8)" />
          <Stack gap={4} style={{ flex: 1 }}>
            <Title order={2} fz="h4" id="home-setup">
              {t('setup.cardTitle')}
            </Title>
            <Text fz="sm" c="dimmed">
              {t('setup.progress', { done, total: data.steps.length })}
            </Text>
            <Progress
              value={(done / data.steps.length) * 100}
              radius="xl"
              aria-label={t('setup.progress', { done, total: data.steps.length })}
            />
          </Stack>
        </Group>
        <Button component={Link} to={paths.dashboard.setup}>
          {t('setup.continue')}
        </Button>
      </Group>
    </Card>
  );
}
