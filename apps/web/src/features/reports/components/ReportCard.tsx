import { Card, Group, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One part of the report: a titled section with its actions (Export CSV, show table) at the right. */
export function ReportCard({
  id,
  title,
  icon: IconOf,
  actions,
  children,
}: {
  /** The heading's id: the section and its table are labelled by it. */
  id: string;
  title: string;
  icon: Icon;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={id} data-testid={id}>
      <Group justify="space-between" align="center" gap="sm" mb="md">
        <Group gap="xs" wrap="nowrap" mih={44}>
          <IconOf size={22} aria-hidden color="var(--mantine-color-orange-7)" />
          <Title order={2} fz="h4" id={id}>
            {title}
          </Title>
        </Group>
        {actions && (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
      {children}
    </Card>
  );
}
