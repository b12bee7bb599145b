import { ActionIcon, Group, SimpleGrid, Tooltip } from '@mantine/core';
import { useId } from '@mantine/hooks';
import {
  IconBuildingStore,
  IconCalendarDollar,
  IconCash,
  IconInfoCircle,
  IconReceipt,
  IconRepeat,
} from '@tabler/icons-react';
import { type PlatformDashboard, currencyDigits, formatMoney, toMinor } from '@comanda/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatTile } from '../../../components/StatTile.tsx';
import { calendarDate } from '../../../lib/store-time.ts';

const compactFormats = new Map<string, Intl.NumberFormat>();

/** US dollars in compact notation ('$1.2K', '$20'), display only (SPEC §9). */
export function compactUsd(amount: number, locale: string) {
  let format = compactFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    compactFormats.set(locale, format);
  }
  return format.format(amount);
}

/** An amount of the answer (a decimal of its currency) in full: '$229.25', 'CHF 47.63'. */
const exact = (amount: number, currency: string) =>
  formatMoney(toMinor(amount, currencyDigits(currency)) ?? 0, currency);

type Conversion = Pick<PlatformDashboard, 'rates' | 'unconverted'>;

/** The sales tile's line: the exact amount, and a tooltip naming the rates and what they could not convert. */
function SalesHint({ amount, conversion }: { amount: number; conversion: Conversion }) {
  const { t, i18n } = useTranslation('superadmin');
  const tooltipId = useId();
  const date = calendarDate(conversion.rates.date, i18n.language);
  const missing = conversion.unconverted.map((u) => exact(u.amount, u.currency)).join(', ');
  const about = [
    t('tiles.ratesTooltip', { date, base: conversion.rates.base }),
    missing ? t('tiles.unconverted', { amounts: missing }) : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Group gap={4} wrap="nowrap" justify="space-between">
      <span>
        {exact(amount, 'USD')}
        {missing && (
          <>
            {' · '}
            <span data-testid="unconverted">{t('tiles.unconvertedShort', { amounts: missing })}</span>
          </>
        )}
      </span>
      <Tooltip
        label={about}
        multiline
        w={260}
        events={{ hover: true, focus: true, touch: true }}
        withArrow
        role="tooltip"
        id={tooltipId}
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          size={44}
          aria-label={t('tiles.aboutSales')}
          aria-describedby={tooltipId}
          data-testid="sales-rates"
          style={{ flexShrink: 0, margin: -8 }}
        >
          <IconInfoCircle size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/**
 * The figures both super-admin screens show (SPEC §2): active tenants, MRR, ARR, sales converted to USD
 * and orders; the reports screen adds its customers tile after them (`extra`).
 */
export function PlatformTiles({
  figures,
  today,
  extra,
}: {
  figures: {
    activeTenants: number;
    mrr: number;
    arr: number;
    salesVolume: number;
    ordersProcessed: number;
  } & Conversion;
  /** The dashboard's labels ("… Today"), or the report's. */
  today: boolean;
  extra?: ReactNode;
}) {
  const { t, i18n } = useTranslation('superadmin');
  const usd = (amount: number) => compactUsd(amount, i18n.language);
  return (
    <SimpleGrid type="container" cols={{ base: 1, '480px': 2, '840px': 3 }} spacing="md">
      <StatTile
        label={t('tiles.activeTenants')}
        value={String(figures.activeTenants)}
        icon={IconBuildingStore}
        testId="tile-active-tenants"
      />
      <StatTile
        label={t('tiles.mrr')}
        value={usd(figures.mrr)}
        icon={IconRepeat}
        color="teal"
        testId="tile-mrr"
        hint={t('tiles.mrrHint', { amount: exact(figures.mrr, 'USD') })}
      />
      <StatTile
        label={t('tiles.arr')}
        value={usd(figures.arr)}
        icon={IconCalendarDollar}
        color="teal"
        testId="tile-arr"
        hint={t('tiles.arrHint', { amount: exact(figures.arr, 'USD') })}
      />
      <StatTile
        label={t(today ? 'tiles.salesToday' : 'tiles.sales')}
        value={usd(figures.salesVolume)}
        icon={IconCash}
        color="cyan"
        testId="tile-sales"
        hint={<SalesHint amount={figures.salesVolume} conversion={figures} />}
      />
      <StatTile
        label={t(today ? 'tiles.ordersToday' : 'tiles.orders')}
        value={String(figures.ordersProcessed)}
        icon={IconReceipt}
        color="blue"
        testId="tile-orders"
      />
      {extra}
    </SimpleGrid>
  );
}
