import { Badge, Box, Card, Group, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { MenuItem } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { showMoney } from '../money.ts';
import { ItemImage } from './ItemImage.tsx';

/** One item of the menu list on a phone: photo, title, category, price and counts; the whole card opens it. */
export function MenuItemCard({ item, currency }: { item: MenuItem; currency: string }) {
  const { t } = useTranslation('menu');
  return (
    <Card
      component={Link}
      to={paths.dashboard.settings.menuItem.to(item.id)}
      withBorder
      radius="lg"
      padding="sm"
      data-testid="menu-item-card"
    >
      <Group wrap="nowrap" align="center" gap="md">
        <Box
          w={64}
          h={64}
          style={{ flexShrink: 0, overflow: 'hidden', borderRadius: 'var(--mantine-radius-md)' }}
        >
          <ItemImage src={item.image} alt="" h={64} iconSize={28} />
        </Box>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700} lh={1.3} lineClamp={2}>
            {item.title}
          </Text>
          {item.category_title ? (
            <Badge variant="light" color="gray" radius="sm" tt="none" fw={500} maw="100%">
              {item.category_title}
            </Badge>
          ) : (
            <Text fz="xs" c="dimmed">
              {t('card.noCategory')}
            </Text>
          )}
          <Text fz="xs" c="dimmed" truncate="end">
            {t('card.variants', { count: item.variants.length })}
            {' · '}
            {t('card.addons', { count: item.addons.length })}
          </Text>
        </Stack>
        <Text fw={800} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {showMoney(item.price, currency)}
        </Text>
        <IconChevronRight size={18} aria-hidden color="var(--mantine-color-gray-7)" />
      </Group>
    </Card>
  );
}
