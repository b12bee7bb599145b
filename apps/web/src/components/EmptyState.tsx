import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlus, type Icon } from '@tabler/icons-react';

/** What a list is missing and the button that adds it: one look for every empty list. */
export function EmptyState({
  icon: IconOf,
  title,
  text,
  actionLabel,
  onAction,
  withCard = true,
}: {
  icon: Icon;
  title: string;
  text?: string;
  actionLabel?: string;
  onAction?: () => void;
  withCard?: boolean;
}) {
  const body = (
    <Stack align="center" gap="sm" py="xl" ta="center" data-testid="empty-state">
      <ThemeIcon variant="light" size={64} radius="xl" aria-hidden>
        <IconOf size={34} stroke={1.5} />
      </ThemeIcon>
      <Title order={2} fz="h4">
        {title}
      </Title>
      {text && (
        <Text c="dimmed" maw={420}>
          {text}
        </Text>
      )}
      {actionLabel && onAction && (
        <Button mt="xs" leftSection={<IconPlus size={18} />} onClick={onAction}>
          {actionLabel}
        </Button>
      )}
    </Stack>
  );
  return withCard ? (
    <Card withBorder radius="lg" padding="xl">
      {body}
    </Card>
  ) : (
    body
  );
}
