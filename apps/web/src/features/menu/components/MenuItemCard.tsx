import { Badge, Box, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { MenuItem } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showMoney } from '../money.ts';
import { ItemImage } from './ItemImage.tsx';

/**
 * One item of the menu grid: photo, title, category, price, how many variants; edit opens its screen.
 * `compact` lays it out as a row (photo beside the text), for phones.
 */
export function MenuItemCard({
  item,
  currency,
  compact,
}: {
  item: MenuItem;
  currency: string;
  compact?: boolean;
}) {
  const { t } = useTranslation('menu');

  const category = item.category_title ? (
    <Badge variant="light" color="gray" radius="sm" tt="none" fw={500} maw="100%">
      {item.category_title}
    </Badge>
  ) : (
    <Text fz="xs" c="dimmed">
      {t('card.noCategory')}
    </Text>
  );
  const counts = (
    <Text fz="xs" c="dimmed" truncate="end">
      {t('card.variants', { count: item.variants.length })}
      {' · '}
      {t('card.addons', { count: item.addons.length })}
    </Text>
  );
  const edit = (
    <Button
      component={Link}
      to={`/dashboard/settings/menu-items/${item.id}`}
      variant="light"
      size="xs"
      leftSection={<IconPencil size={14} />}
      style={{ flexShrink: 0 }}
      aria-label={t('card.editLabel', { title: item.title })}
    >
      {t('card.edit')}
    </Button>
  );
  const price = (
    <Text fw={800} fz="lg" lh={1.2}>
      {showMoney(item.price, currency)}
    </Text>
  );

  if (compact) {
    return (
      <Card withBorder radius="lg" padding="sm" data-testid="menu-item-card">
        <Group wrap="nowrap" align="stretch" gap="md">
          <Box
            w={88}
            h={88}
            style={{ flexShrink: 0, overflow: 'hidden', borderRadius: 'var(--mantine-radius-md)' }}
          >
            <ItemImage src={item.image} alt={item.title} h={88} />
          </Box>
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }} justify="space-between">
            <Stack gap={4}>
              <Text fw={700} lh={1.3} lineClamp={2} title={item.title}>
                {item.title}
              </Text>
              <Group gap={6} wrap="nowrap">
                {category}
              </Group>
            </Stack>
            <Group justify="space-between" align="flex-end" gap="xs" wrap="nowrap">
              <Stack gap={0} style={{ minWidth: 0 }}>
                {price}
                {counts}
              </Stack>
              {edit}
            </Group>
          </Stack>
        </Group>
      </Card>
    );
  }

  return (
    <Card withBorder radius="lg" padding="md" data-testid="menu-item-card">
      <Card.Section>
        <ItemImage src={item.image} alt={item.title} h={150} />
      </Card.Section>
      <Stack gap={6} mt="md" style={{ flex: 1 }}>
        <Text fw={700} lh={1.3} lineClamp={2} title={item.title}>
          {item.title}
        </Text>
        <Group gap={6}>{category}</Group>
      </Stack>
      <Group justify="space-between" align="flex-end" mt="md" gap="xs" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          {price}
          {counts}
        </Stack>
        {edit}
      </Group>
    </Card>
  );
}
