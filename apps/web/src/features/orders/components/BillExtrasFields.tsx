import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import {
  type BillSettings,
  type DiscountKind,
  type OrderItem,
  currencySymbol,
  formatMoney,
  minorAsDecimal,
  percentOf,
} from '@comanda/core';
import { useTranslation } from 'react-i18next';
import type { Approval, ExtrasFigures, ExtrasInput, LineDiscountInput } from '../bill-extras.ts';
import { newUuid } from '../../../lib/uuid.ts';
import { minorOf } from '../money.ts';
import { ManagerApproval } from './ManagerApproval.tsx';

const TIP_PERCENTS = [10, 15, 20];

const blank = (v: string | number) => String(v).trim() === '';
const asKind = (kind: string): DiscountKind => (kind === 'amount' ? 'amount' : 'percent');

/** Percent or currency, and the figure: the one control of a bill or an item discount. */
function DiscountAmount({
  kind,
  value,
  onChange,
  symbol,
  digits,
  labelledBy,
  kindLabel,
  testId,
}: {
  kind: DiscountKind;
  value: string | number;
  onChange: (patch: { kind?: DiscountKind; value?: string | number }) => void;
  symbol: string;
  digits: number;
  labelledBy: string;
  kindLabel: string;
  testId: string;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <SegmentedControl
        aria-label={kindLabel}
        value={kind}
        onChange={(k) => onChange({ kind: asKind(k) })}
        data={[
          { value: 'percent', label: '%' },
          { value: 'amount', label: symbol },
        ]}
      />
      <NumberInput
        aria-labelledby={labelledBy}
        value={value}
        onChange={(v) => onChange({ value: v })}
        min={0}
        allowNegative={false}
        decimalScale={kind === 'percent' ? 2 : digits}
        hideControls
        inputMode="decimal"
        style={{ flex: 1 }}
        data-testid={testId}
      />
    </Group>
  );
}

/**
 * Discount (percent or amount off the whole bill, with a reason), discounts on single items (each with
 * its reason), Tip (an amount or 10/15/20 % of the bill) and, when the store charges service for parties,
 * Guests; above the owner's threshold, a manager's PIN. Shared by Pay & Complete and Split & pay (which
 * takes each part's tip on the part, so `withTip` is off there).
 */
export function BillExtrasFields({
  value,
  onChange,
  figures,
  settings,
  currency,
  canApprove,
  items,
  orderIds,
  approval,
  onApproval,
  withTip = true,
}: {
  value: ExtrasInput;
  onChange: (next: ExtrasInput) => void;
  figures: ExtrasFigures;
  settings: BillSettings | undefined;
  currency: { code: string; digits: number };
  /** The user may give a discount above the threshold (MANAGER or admin). */
  canApprove: boolean;
  /** The bill's lines, to choose an item discount's line from. */
  items: readonly OrderItem[];
  orderIds: number[];
  /** A manager's approval by PIN for what the fields hold now, or null. */
  approval: Approval | null;
  onApproval: (approval: Approval) => void;
  withTip?: boolean;
}) {
  const { t } = useTranslation('orders');
  const { code, digits } = currency;
  const symbol = currencySymbol(code);
  const set = (patch: Partial<ExtrasInput>) => onChange({ ...value, ...patch });
  const setLine = (i: number, patch: Partial<LineDiscountInput>) =>
    set({ lines: value.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) });
  const charges = (settings?.serviceChargePercent ?? 0) > 0;
  // Lines of orders not yet synced have no server id to discount.
  const billable = items.filter((i) => i.status !== 'cancelled' && i.id > 0);
  const taken = new Set(value.lines.map((l) => l.lineId));
  const free = billable.filter((i) => !taken.has(i.id));
  const lineLabel = (i: OrderItem) =>
    `${i.quantity} × ${i.item_title}${i.variant_title ? ` (${i.variant_title})` : ''} · ${formatMoney(minorOf(i.total, digits), code)}`;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={2} spacing="sm">
        <Stack gap={4}>
          <Text fz="sm" fw={500} id="discount-label">
            {t('extras.discount')}
          </Text>
          <DiscountAmount
            kind={value.kind}
            value={value.value}
            onChange={set}
            symbol={symbol}
            digits={digits}
            labelledBy="discount-label"
            kindLabel={t('extras.discountKind')}
            testId="discount-value"
          />
        </Stack>
        <TextInput
          label={t('extras.reason')}
          value={value.reason}
          onChange={(e) => set({ reason: e.currentTarget.value })}
          maxLength={200}
          error={
            !blank(value.value) && blank(value.reason)
              ? t('Please give a reason for the discount!')
              : undefined
          }
          data-testid="discount-reason"
        />
      </SimpleGrid>
      {value.lines.map((line, i) => {
        const labelId = `line-discount-${i}`;
        const choices = billable.filter((b) => b.id === line.lineId || !taken.has(b.id));
        return (
          <Paper key={line.rowId} withBorder radius="md" p="xs" data-testid="line-discount">
            <Stack gap="xs">
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <Select
                  label={t('extras.lineItem')}
                  data={choices.map((b) => ({ value: String(b.id), label: lineLabel(b) }))}
                  value={line.lineId === null ? null : String(line.lineId)}
                  onChange={(v) => setLine(i, { lineId: v === null ? null : Number(v) })}
                  allowDeselect={false}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size={44}
                  aria-label={t('extras.removeLine', {
                    title: billable.find((b) => b.id === line.lineId)?.item_title ?? '',
                  })}
                  onClick={() => set({ lines: value.lines.filter((_, j) => j !== i) })}
                >
                  <IconX size={18} />
                </ActionIcon>
              </Group>
              <SimpleGrid cols={2} spacing="sm">
                <Stack gap={4}>
                  <Text fz="sm" fw={500} id={labelId}>
                    {t('extras.lineDiscount')}
                  </Text>
                  <DiscountAmount
                    kind={line.kind}
                    value={line.value}
                    onChange={(patch) => setLine(i, patch)}
                    symbol={symbol}
                    digits={digits}
                    labelledBy={labelId}
                    kindLabel={t('extras.discountKind')}
                    testId="line-discount-value"
                  />
                </Stack>
                <TextInput
                  label={t('extras.reason')}
                  value={line.reason}
                  onChange={(e) => setLine(i, { reason: e.currentTarget.value })}
                  maxLength={200}
                  error={
                    !blank(line.value) && blank(line.reason)
                      ? t('Please give a reason for the discount!')
                      : undefined
                  }
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      })}
      {free.length > 0 && (
        <Group>
          <Button
            variant="subtle"
            size="compact-md"
            h={44}
            leftSection={<IconPlus size={16} />}
            onClick={() =>
              set({
                lines: [
                  ...value.lines,
                  { rowId: newUuid(), lineId: free[0]?.id ?? null, kind: 'percent', value: '', reason: '' },
                ],
              })
            }
          >
            {t('extras.addLine')}
          </Button>
        </Group>
      )}
      {withTip && (
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <NumberInput
              label={t('extras.tip')}
              value={value.tip}
              onChange={(v) => set({ tip: v })}
              min={0}
              allowNegative={false}
              allowDecimal={digits > 0}
              decimalScale={digits}
              hideControls
              inputMode="decimal"
              leftSection={<Text fz="sm">{currencySymbol(code)}</Text>}
              style={{ flex: 1 }}
              data-testid="tip-value"
            />
            {TIP_PERCENTS.map((p) => (
              <Button
                key={p}
                variant="default"
                h={44}
                onClick={() =>
                  set({ tip: minorAsDecimal(percentOf(figures.bill.totalMinor, p * 100), digits) })
                }
              >
                {p} %
              </Button>
            ))}
          </Group>
        </Stack>
      )}
      {charges && settings && (
        <NumberInput
          label={t('extras.guests')}
          description={t('extras.guestsHint', {
            percent: settings.serviceChargePercent,
            guests: settings.serviceChargeGuests,
          })}
          value={value.guests}
          onChange={(v) => set({ guests: v })}
          min={1}
          max={999}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          inputMode="numeric"
          data-testid="guests-value"
        />
      )}
      {figures.error && (
        <Alert color="red" variant="light" data-testid="extras-error">
          {t(figures.error)}
        </Alert>
      )}
      {figures.aboveThreshold && !canApprove && (
        <ManagerApproval
          threshold={settings?.managerDiscountPercent ?? 0}
          orderIds={orderIds}
          discounts={figures.body.discounts}
          approval={approval}
          onApproval={onApproval}
          ready={figures.error === null && !figures.reasonMissing}
        />
      )}
    </Stack>
  );
}
