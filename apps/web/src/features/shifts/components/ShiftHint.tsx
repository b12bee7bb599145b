import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCashOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { currentShiftQueryOptions } from '../api/get-shifts.ts';

/**
 * The POS's reminder when no shift is open: sales still go through (their payments belong to no shift),
 * so this only says so and offers the Shift screen. Nothing shows while a shift is open or unknown.
 */
export function ShiftHint() {
  const { t } = useTranslation('shifts');
  const current = useQuery(currentShiftQueryOptions());
  if (!current.data || current.data.shift) return null;
  return (
    <Alert color="yellow" variant="light" mb="sm" py={6} data-testid="no-shift-hint">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        {/* The text wraps, never the button (the hint sits above the POS grid, beside the ticket). */}
        <Group gap="xs" wrap="nowrap" miw={0}>
          <IconCashOff size={20} aria-hidden />
          <Text fw={600}>{t('hint.noShift')}</Text>
          <Text visibleFrom="sm">{t('hint.salesStillWork')}</Text>
        </Group>
        <Button component={Link} to={paths.dashboard.shift} size="sm" variant="filled" style={{ flexShrink: 0 }}>
          {t('open.button')}
        </Button>
      </Group>
    </Alert>
  );
}
