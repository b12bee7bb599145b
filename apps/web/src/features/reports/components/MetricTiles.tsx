import { Group, SimpleGrid, Text } from '@mantine/core';
import {
  IconArrowDownRight,
  IconArrowUpRight,
  IconCash,
  IconCoins,
  IconPercentage,
  IconReceipt,
  IconReceipt2,
  IconRepeat,
  IconUserPlus,
  IconUsers,
  IconBell,
  IconDiscount,
  IconHeart,
  IconReceiptRefund,
  IconShoppingBag,
} from '@tabler/icons-react';
import type { Report } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { StatTile } from '../../../components/StatTile.tsx';
import { showAmount } from '../../../lib/money.ts';
import { percentChange } from '../format.ts';

/** The previous period's figure and the change to it, in words and colour (never colour alone). */
function Previous({ text, change }: { text: string; change: number | null }) {
  const { t } = useTranslation('reports');
  const up = change !== null && change > 0;
  const down = change !== null && change < 0;
  return (
    <Group gap={6} wrap="wrap">
      <span>{text}</span>
      {change !== null && (
        <Text
          component="span"
          fz="xs"
          fw={600}
          c={up ? 'teal.8' : down ? 'red.8' : 'dimmed'}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}
          data-testid="change"
        >
          {up && <IconArrowUpRight size={14} aria-hidden />}
          {down && <IconArrowDownRight size={14} aria-hidden />}
          {t('tiles.change', { change: `${up ? '+' : ''}${change}` })}
        </Text>
      )}
    </Group>
  );
}

/** A tile for every figure of SPEC §3 Report, with the previous period where the answer has it. */
export function MetricTiles({ report }: { report: Report }) {
  const { t } = useTranslation('reports');
  const money = (amount: number) => showAmount(amount, report.currency);
  // A money tile below 0 (a day whose refunds were more than its sales) says so in red, with its sign.
  const moneyTile = (amount: number) => ({ value: money(amount), negative: amount < 0 });
  const { previous } = report;
  return (
    <SimpleGrid type="container" cols={{ base: 1, '480px': 2, '840px': 4 }} spacing="md">
      <StatTile
        label={t('tiles.orders')}
        value={String(report.ordersCount)}
        icon={IconReceipt}
        testId="tile-orders"
        hint={
          <Previous
            text={t('tiles.previous', { value: previous.ordersCount })}
            change={percentChange(report.ordersCount, previous.ordersCount)}
          />
        }
      />
      <StatTile
        label={t('tiles.salesTotal')}
        {...moneyTile(report.salesTotal)}
        icon={IconShoppingBag}
        color="teal"
        testId="tile-sales-total"
        hint={t('tiles.salesTotalHint')}
      />
      <StatTile
        label={t('tiles.refundTotal')}
        {...moneyTile(-report.refundTotal)}
        icon={IconReceiptRefund}
        color="red"
        testId="tile-refund-total"
        hint={t('tiles.refundTotalHint', { count: report.refundsCount })}
      />
      <StatTile
        label={t('tiles.revenueTotal')}
        {...moneyTile(report.revenueTotal)}
        icon={IconCash}
        color="teal"
        testId="tile-revenue-total"
        hint={
          <Previous
            text={t('tiles.previous', { value: money(previous.revenueTotal) })}
            change={percentChange(report.revenueTotal, previous.revenueTotal, report.currency)}
          />
        }
      />
      <StatTile
        label={t('tiles.netRevenue')}
        {...moneyTile(report.netRevenue)}
        icon={IconCoins}
        color="teal"
        testId="tile-net-revenue"
        hint={t('tiles.netRevenueHint')}
      />
      <StatTile
        label={t('tiles.taxTotal')}
        {...moneyTile(report.taxTotal)}
        icon={IconPercentage}
        color="gray"
        testId="tile-tax-total"
        hint={t('tiles.taxTotalHint')}
      />
      <StatTile
        label={t('tiles.averageOrderValue')}
        {...moneyTile(report.averageOrderValue)}
        icon={IconReceipt2}
        color="cyan"
        testId="tile-average-order-value"
        hint={t('tiles.averageOrderValueHint')}
      />
      <StatTile
        label={t('tiles.totalCustomers')}
        value={String(report.totalCustomers)}
        icon={IconUsers}
        color="blue"
        testId="tile-total-customers"
        hint={t('tiles.totalCustomersHint')}
      />
      <StatTile
        label={t('tiles.newCustomers')}
        value={String(report.newCustomers)}
        icon={IconUserPlus}
        color="blue"
        testId="tile-new-customers"
        hint={t('tiles.newCustomersHint')}
      />
      <StatTile
        label={t('tiles.repeatedCustomers')}
        value={String(report.repeatedCustomers)}
        icon={IconRepeat}
        color="grape"
        testId="tile-repeated-customers"
        hint={t('tiles.repeatedCustomersHint')}
      />
      <StatTile
        label={t('tiles.discountTotal')}
        value={money(report.discountTotal)}
        icon={IconDiscount}
        color="orange"
        testId="tile-discount-total"
        hint={t('tiles.discountTotalHint')}
      />
      <StatTile
        label={t('tiles.serviceChargeTotal')}
        value={money(report.serviceChargeTotal)}
        icon={IconBell}
        color="indigo"
        testId="tile-service-charge-total"
        hint={t('tiles.serviceChargeTotalHint')}
      />
      <StatTile
        label={t('tiles.tipTotal')}
        value={money(report.tipTotal)}
        icon={IconHeart}
        color="pink"
        testId="tile-tip-total"
        hint={t('tiles.tipTotalHint')}
      />
    </SimpleGrid>
  );
}
