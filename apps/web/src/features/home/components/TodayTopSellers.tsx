import { Card, Group, Table, Text, Title } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import type { TopSellingItem } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { type AnswerCurrency, showAmount } from '../../../lib/money.ts';

/** Today's best sellers by units sold (SPEC §2 Home): the item, its price with the symbol, units sold. */
export function TodayTopSellers({ items, currency }: { items: TopSellingItem[]; currency: AnswerCurrency }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="home-top-sellers">
      <Group gap="xs" wrap="nowrap" mb="xs" mih={44}>
        <IconTrophy size={22} aria-hidden color="var(--mantine-color-orange-7)" />
        <Title order={2} fz="h4" id="home-top-sellers">
          {t('home.topSellers')}
        </Title>
      </Group>
      {items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="home-top-sellers-empty">
          {t('No Top Selling items found for Today!')}
        </Text>
      ) : (
        <Table verticalSpacing="sm" aria-labelledby="home-top-sellers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('home.item')}</Table.Th>
              <Table.Th ta="right">{t('home.price')}</Table.Th>
              <Table.Th ta="right">{t('home.sold')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={`${item.item_id ?? ''}-${item.title}`} data-testid="home-top-seller">
                <Table.Td fw={600}>{item.title}</Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {showAmount(item.price, currency)}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {item.orders_count}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
