import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * One figure with its name (home, reports): a labelled group, so a screen reader reads "Orders, 12".
 * The value has the tile's whole width, so a large amount fits four tiles to a tablet's row. `hint` is
 * the line under it (the previous period, a change, what the figure counts).
 */
export function StatTile({
  label,
  value,
  icon: IconOf,
  color = 'orange',
  hint,
  testId,
  negative = false,
}: {
  label: string;
  value: string;
  icon: Icon;
  color?: string;
  hint?: ReactNode;
  testId?: string;
  /** A figure below 0 (refunds, a day's net): shown in red beside its minus sign, never colour alone. */
  negative?: boolean;
}) {
  return (
    <Card withBorder radius="lg" padding="md" role="group" aria-label={label} data-testid={testId}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text fz="sm" c="dimmed" fw={500} lh={1.3}>
          {label}
        </Text>
        <ThemeIcon variant="light" color={color} size={32} radius="md" aria-hidden style={{ flexShrink: 0 }}>
          <IconOf size={18} stroke={1.8} />
        </ThemeIcon>
      </Group>
      <Text
        fz={26}
        fw={700}
        lh={1.15}
        mt={2}
        c={negative ? 'red.8' : undefined}
        style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
        data-testid={testId && `${testId}-value`}
      >
        {value}
      </Text>
      {hint && (
        <Text fz="xs" c="dimmed" lh={1.4} mt={4} component="div">
          {hint}
        </Text>
      )}
    </Card>
  );
}
