import { Group, Paper, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './pos.module.css';

/** The two-panel skeleton (about 70 % and 30 %) shown until GET /pos/init answers (SPEC §2, §4). */
export function PosSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={classes.layout} aria-busy="true" data-testid="pos-skeleton">
      <VisuallyHidden role="status">{t('loading')}</VisuallyHidden>
      <Stack gap="sm">
        <Skeleton height={44} radius="md" />
        <Group gap="xs">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={44} width={96} radius="xl" />
          ))}
        </Group>
        <div className={classes.grid}>
          {Array.from({ length: 12 }, (_, i) => (
            <Skeleton key={i} height={92} radius="md" />
          ))}
        </div>
      </Stack>
      <Paper withBorder radius="lg" p="sm">
        <Stack gap="sm">
          <Skeleton height={44} radius="md" />
          <Skeleton height={44} radius="md" />
          <Skeleton height={220} radius="md" />
          <Skeleton height={80} radius="md" />
          <Skeleton height={44} radius="md" />
        </Stack>
      </Paper>
    </div>
  );
}
