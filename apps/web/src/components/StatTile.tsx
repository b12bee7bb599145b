import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * One figure with its name (home, reports): a labelled group, so a screen reader reads "Orders, 12".
 * `hint` is the line under it (the previous period, a change).
 */
export function StatTile({
  label,
  value,
  icon: IconOf,
  color = 'orange',
  hint,
  testId,
}: {
  label: string;
  value: string;
  icon: Icon;
  color?: string;
  hint?: ReactNode;
  testId?: string;
}) {
  return (
    <Card withBorder radius="lg" padding="md" role="group" aria-label={label} data-testid={testId}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={color} size={44} radius="md" aria-hidden>
          <IconOf size={24} stroke={1.7} />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fz="sm" c="dimmed" fw={500} lh={1.3}>
            {label}
          </Text>
          <Text
            fz={26}
            fw={700}
            lh={1.15}
            style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
            data-testid={testId && `${testId}-value`}
          >
            {value}
          </Text>
          {hint && (
            <Text fz="xs" c="dimmed" lh={1.4} component="div">
              {hint}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
