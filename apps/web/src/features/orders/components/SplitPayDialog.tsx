import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconMinus, IconPlus, IconPrinter, IconTrash } from '@tabler/icons-react';
import {
  type BillPart,
  type OrderItem,
  type OrderSummary,
  type OrdersInit,
  type PaySplitInput,
  SPLIT_PARTS_MAX,
  type SplitAssignment,
  SplitError,
  allocateMinor,
  type SplitMode,
  type SplitPaid,
  type SplitPlan,
  currencySymbol,
  formatMoney,
  minorAsDecimal,
  partExtras,
  splitBill,
  toMinor,
} from '@comanda/core';
import { DialogActions } from '../../../components/DialogActions.tsx';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Outcome } from '../../../lib/offline/sync.ts';
import { newUuid } from '../../../lib/uuid.ts';
import type { CarriedExtras } from '../bill-extras.ts';
import { minorOf } from '../money.ts';
import { useBillExtras } from '../use-bill-extras.ts';
import { BillExtrasFields } from './BillExtrasFields.tsx';

/** One payment row of a part as typed: amounts are the inputs' text. */
interface TenderRow {
  id: string;
  typeId: string | null;
  amount: string | number;
  tendered: string | number;
}

const text = (v: string | number) => String(v).trim();

/**
 * The split the bill suggests when the dialog opens (issue 31): by seat only when its lines name two
 * seats or more (one seat would make one part), otherwise evenly in two, which is payable at once. By
 * item is left to the waiter: it needs every unit given a part before anything can be paid.
 */
export function suggestedSplit(lines: readonly Pick<OrderItem, 'seat'>[]): SplitMode {
  const seats = new Set(lines.flatMap((l) => (l.seat === null ? [] : [l.seat])));
  return seats.size >= 2 ? 'seat' : 'even';
}

/**
 * Split & pay (issue 15, docs/bills.md): the table's bill split whole, by seat, by item or evenly, each
 * part with its own payments (several types, cash with change) and what it still owes, then ONE call
 * that pays every part or none. The parts are worked out here with the same core function the server
 * uses (bill-split.ts), from the lines' server figures; the server splits its own again and refuses
 * payments that do not add up. The Idempotency-Key is made when the dialog opens.
 */
export function SplitPayDialog({
  summary,
  carried,
  init,
  opened,
  onClose,
  onPay,
  onRefused,
  onPrint,
}: {
  summary: OrderSummary;
  /** Pay & Complete's discounts, tip and approval: the split starts from them. */
  carried?: CarriedExtras | undefined;
  init: OrdersInit;
  opened: boolean;
  onClose: () => void;
  onPay: (
    key: string,
    body: Pick<PaySplitInput, 'split' | 'parts' | 'discounts' | 'guests' | 'approvalId'>,
  ) => Promise<Outcome>;
  /** The server refused the split (the toast says why): the bill may have changed under the dialog. */
  onRefused: () => void;
  onPrint: (paid: SplitPaid, partNo: number) => void;
}) {
  const { t } = useTranslation('orders');
  const [key] = useState(newUuid);
  const { code, digits } = init.currency;
  const active = init.paymentTypes.filter((p) => p.is_active);
  // The store's default (Settings > Payment Types) is chosen to start with.
  const defaultType = active.find((p) => p.is_default) ?? active[0];
  const firstType = defaultType ? String(defaultType.id) : null;
  // The bill's tip is typed per part here, so it leaves the bill's fields and is shared out below.
  const bill = useBillExtras(
    summary,
    digits,
    carried && { ...carried, extras: { ...carried.extras, tip: '' } },
  );
  const { items: lines, figures: billFigures, blocked } = bill;
  const [mode, setMode] = useState<SplitMode>(() => suggestedSplit(lines));
  const [count, setCount] = useState(2);
  // By item: the part of each unit of each line, keyed `${lineId}:${unit}`.
  const [unitPart, setUnitPart] = useState<Record<string, number>>({});
  const [tenders, setTenders] = useState<Record<string, TenderRow[]>>({});
  const [paying, setPaying] = useState(false);
  const [paid, setPaid] = useState<SplitPaid | null>(null);
  // Each part's tip is typed on the part; the bill's discounts and guests in BillExtrasFields.
  const [tips, setTips] = useState<Record<string, string | number>>({});

  const plan: SplitPlan = useMemo(() => {
    if (mode === 'whole' || mode === 'seat') return { mode };
    if (mode === 'even') return { mode, parts: count };
    const assign: SplitAssignment[] = lines.flatMap((l) =>
      Array.from({ length: l.quantity }, (_, u) => ({
        lineId: l.id,
        part: Math.min(unitPart[`${l.id}:${u}`] ?? 0, count - 1),
        units: 1,
      })),
    );
    return { mode, parts: count, assign };
  }, [mode, count, lines, unitPart]);

  const { parts, error } = useMemo((): { parts: BillPart[]; error: string | null } => {
    try {
      // The lines after the discount, as the server will split them.
      const input = lines.map((l, i) => {
        const d = billFigures.bill.lines[i];
        return {
          id: l.id,
          quantity: l.quantity,
          netMinor: d?.netMinor ?? 0,
          taxMinor: d?.taxMinor ?? 0,
          totalMinor: d?.totalMinor ?? 0,
          seat: l.seat,
        };
      });
      return { parts: splitBill(input, plan), error: null };
    } catch (e) {
      if (e instanceof SplitError) return { parts: [], error: e.message };
      throw e;
    }
  }, [lines, plan, billFigures]);

  /** The part's payment rows: typed ones, or one of the first type for the whole part. */
  const partKey = (part: BillPart) => `${mode}:${parts.length}:${part.index}`;
  // Pay & Complete's tip, shared evenly between the parts until a part's own is typed.
  const carriedTip = carried ? (toMinor(text(carried.extras.tip), digits) ?? 0) : 0;
  const tipShares =
    carriedTip > 0 && parts.length > 0
      ? allocateMinor(
          carriedTip,
          parts.map(() => 1),
        )
      : [];
  const tipOf = (part: BillPart): string | number =>
    tips[partKey(part)] ?? (tipShares[part.index] ? minorAsDecimal(tipShares[part.index] ?? 0, digits) : '');
  const tipText = (part: BillPart) => text(tipOf(part));
  const tipMinors = parts.map((p) => (tipText(p) === '' ? 0 : (toMinor(tipText(p), digits) ?? 0)));
  const tipInvalid = parts.some((p) => tipText(p) !== '' && toMinor(tipText(p), digits) === null);
  const owed = partExtras(parts, billFigures.bill.lines, billFigures.serviceChargeMinor, tipMinors);
  const owesOf = (part: BillPart) => owed[part.index]?.owesMinor ?? part.totalMinor;
  const rowsOf = (part: BillPart): TenderRow[] =>
    tenders[partKey(part)] ?? [
      { id: 'first', typeId: firstType, amount: minorAsDecimal(owesOf(part), digits), tendered: '' },
    ];
  const setRows = (part: BillPart, rows: TenderRow[]) =>
    setTenders((all) => ({ ...all, [partKey(part)]: rows }));

  const figures = parts.map((part) => {
    const rows = rowsOf(part);
    let paidMinor = 0;
    let invalid = false;
    for (const row of rows) {
      const amount = toMinor(text(row.amount), digits);
      const given = text(row.tendered) === '' ? null : toMinor(text(row.tendered), digits);
      if (amount === null || !row.typeId || (text(row.tendered) !== '' && (given === null || given < amount)))
        invalid = true;
      paidMinor += amount ?? 0;
    }
    return { rows, remaining: owesOf(part) - paidMinor, invalid };
  });
  const ready =
    parts.length > 0 &&
    error === null &&
    !blocked &&
    !tipInvalid &&
    figures.every((f) => f.remaining === 0 && !f.invalid);
  const billTotal = owed.reduce((s, o) => s + o.owesMinor, 0);

  const submit = async () => {
    if (!ready || paying) return;
    setPaying(true);
    const outcome = await onPay(key, {
      split: plan.mode === 'item' ? { ...plan, assign: [...plan.assign] } : plan,
      parts: figures.map((f, i) => {
        const part = parts[i];
        const tip = part ? tipText(part) : '';
        return {
          tenders: f.rows.map((r) => ({
            paymentTypeId: Number(r.typeId),
            amount: text(r.amount),
            tendered: text(r.tendered) === '' ? null : text(r.tendered),
          })),
          ...(tip === '' ? {} : { tip }),
        };
      }),
      discounts: billFigures.body.discounts,
      guests: billFigures.body.guests,
      approvalId: bill.approvalId,
    });
    setPaying(false);
    if (outcome.status === 'synced') setPaid(outcome.answer as SplitPaid);
    if (outcome.status === 'queued') onClose();
    if (outcome.status === 'refused') {
      bill.resetApproval();
      onRefused();
    }
  };

  const money = (minor: number) => formatMoney(minor, code);
  const partTitle = (part: { index: number; seat: number | null }) =>
    part.seat === null
      ? t('split.part', { n: part.index + 1 })
      : t('split.partSeat', { n: part.index + 1, seat: part.seat });

  if (paid)
    return (
      <Modal opened={opened} onClose={onClose} title={t('pay.doneTitle')} size="lg">
        <Stack gap="md" data-testid="split-done">
          <Text>{t(paid.message)}</Text>
          {paid.change !== null && (
            <Group justify="space-between">
              <Text fw={700}>{t('pay.change')}</Text>
              <Text fw={700} data-testid="split-change">
                {money(minorOf(paid.change, digits))}
              </Text>
            </Group>
          )}
          {paid.parts.map((part) => (
            <Group key={part.part_no} justify="space-between" wrap="nowrap" data-testid="split-done-part">
              <Stack gap={0}>
                <Text fw={600}>{partTitle({ index: part.part_no - 1, seat: part.seat })}</Text>
                <Text fz="sm" c="dimmed">
                  {part.payments
                    .map((p) => `${p.payment_type} ${money(minorOf(p.amount, digits))}`)
                    .join(' + ')}
                </Text>
              </Stack>
              <Button
                variant="default"
                leftSection={<IconPrinter size={18} />}
                onClick={() => onPrint(paid, part.part_no)}
              >
                {t('split.printPart', { n: part.part_no })}
              </Button>
            </Group>
          ))}
          <Group justify="flex-end">
            <Button onClick={onClose}>{t('pay.close')}</Button>
          </Group>
        </Stack>
      </Modal>
    );

  return (
    <Modal opened={opened} onClose={onClose} title={t('split.title')} size={900}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap" align="flex-end">
            <SegmentedControl
              aria-label={t('split.how')}
              value={mode}
              onChange={(v) => setMode(v as SplitMode)}
              size="md"
              data={[
                { value: 'whole', label: t('split.whole') },
                { value: 'seat', label: t('split.bySeat') },
                { value: 'item', label: t('split.byItem') },
                { value: 'even', label: t('split.evenly') },
              ]}
            />
            <Text fw={700} fz="lg" data-testid="split-bill-total">
              {t('split.billTotal', { total: money(billTotal) })}
            </Text>
          </Group>
          <BillExtrasFields {...bill.fields} currency={init.currency} withTip={false} />
          {(mode === 'even' || mode === 'item') && (
            <Group gap="sm">
              <Text fw={600}>{t('split.parts')}</Text>
              <ActionIcon
                size={44}
                variant="default"
                aria-label={t('split.fewer')}
                disabled={count <= 2}
                onClick={() => setCount((c) => Math.max(2, c - 1))}
              >
                <IconMinus size={20} />
              </ActionIcon>
              <Text fw={700} fz="lg" miw={28} ta="center" data-testid="split-count">
                {count}
              </Text>
              <ActionIcon
                size={44}
                variant="default"
                aria-label={t('split.more')}
                disabled={count >= SPLIT_PARTS_MAX}
                onClick={() => setCount((c) => Math.min(SPLIT_PARTS_MAX, c + 1))}
              >
                <IconPlus size={20} />
              </ActionIcon>
            </Group>
          )}
          {mode === 'item' && (
            <UnitsTable
              lines={lines}
              count={count}
              unitPart={unitPart}
              onChange={(unit, part) => setUnitPart((u) => ({ ...u, [unit]: part }))}
            />
          )}
          {error && (
            <Alert color="red" variant="light" data-testid="split-error">
              {t(error)}
            </Alert>
          )}
          {active.length === 0 && (
            <Alert color="red" variant="light">
              {t('pay.noTypes')}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {parts.map((part, i) => {
              const f = figures[i];
              if (!f) return null;
              return (
                <Card key={partKey(part)} withBorder padding="sm" data-testid="split-part">
                  <Stack gap="xs">
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={700}>{partTitle(part)}</Text>
                      <Text fw={700} data-testid="split-part-total">
                        {money(part.totalMinor)}
                      </Text>
                    </Group>
                    <Text fz="sm" c="dimmed" lineClamp={2}>
                      {partSummary(part, lines, (qty, title) => t('line.qty', { qty, title }))}
                    </Text>
                    <Group gap="xs" wrap="nowrap" align="center">
                      <NumberInput
                        aria-label={t('split.partTip', { part: partTitle(part) })}
                        placeholder={t('extras.tip')}
                        value={tipOf(part)}
                        onChange={(v) => setTips((all) => ({ ...all, [partKey(part)]: v }))}
                        min={0}
                        allowNegative={false}
                        allowDecimal={digits > 0}
                        decimalScale={digits}
                        hideControls
                        inputMode="decimal"
                        leftSection={<Text fz="sm">{currencySymbol(code)}</Text>}
                        w={140}
                        data-testid="split-part-tip"
                      />
                      {owesOf(part) !== part.totalMinor && (
                        <Text fz="sm" fw={600} data-testid="split-part-owes">
                          {t('split.partOwes', { amount: money(owesOf(part)) })}
                        </Text>
                      )}
                    </Group>
                    <Group gap="xs" wrap="nowrap" aria-hidden>
                      <Text fz="xs" c="dimmed" style={{ flex: 1 }}>
                        {t('split.payment')}
                      </Text>
                      <Text fz="xs" c="dimmed" w={116}>
                        {t('split.amount')}
                      </Text>
                      <Text fz="xs" c="dimmed" w={100}>
                        {t('split.given')}
                      </Text>
                      {f.rows.length > 1 && <div style={{ width: 44 }} />}
                    </Group>
                    {f.rows.map((row, r) => (
                      <TenderInputs
                        key={row.id}
                        row={row}
                        n={r + 1}
                        part={partTitle(part)}
                        symbol={currencySymbol(code)}
                        digits={digits}
                        types={active.map((p) => ({ value: String(p.id), label: p.title }))}
                        onChange={(next) =>
                          setRows(
                            part,
                            f.rows.map((x) => (x.id === row.id ? next : x)),
                          )
                        }
                        onRemove={
                          f.rows.length > 1
                            ? () =>
                                setRows(
                                  part,
                                  f.rows.filter((x) => x.id !== row.id),
                                )
                            : null
                        }
                        money={money}
                      />
                    ))}
                    <Group justify="space-between" wrap="nowrap">
                      <Button
                        variant="light"
                        leftSection={<IconPlus size={18} />}
                        onClick={() =>
                          setRows(part, [
                            ...f.rows,
                            {
                              id: newUuid(),
                              typeId: firstType,
                              amount: minorAsDecimal(Math.max(0, f.remaining), digits),
                              tendered: '',
                            },
                          ])
                        }
                      >
                        {t('split.addPayment')}
                      </Button>
                      <Badge
                        size="lg"
                        radius="sm"
                        variant="light"
                        color={f.remaining === 0 ? 'teal' : 'red'}
                        data-testid="split-remaining"
                      >
                        {f.remaining === 0
                          ? t('split.settled')
                          : f.remaining > 0
                            ? t('split.remaining', { amount: money(f.remaining) })
                            : t('split.over', { amount: money(-f.remaining) })}
                      </Badge>
                    </Group>
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>
          <DialogActions>
            <Button variant="default" onClick={onClose}>
              {t('pay.cancel')}
            </Button>
            <Button type="submit" loading={paying} disabled={!ready}>
              {t('split.submit', { count: parts.length, total: money(billTotal) })}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}

/** What a part pays for, in words: "Burger, Soda (1/4)". */
function partSummary(part: BillPart, lines: OrderItem[], units: (qty: number, title: string) => string) {
  const byId = new Map(lines.map((l) => [l.id, l]));
  return part.lines
    .map((share) => {
      const title = byId.get(share.lineId)?.item_title ?? '';
      if (share.shareNum === share.shareDen) return title;
      const line = byId.get(share.lineId);
      return line && share.shareDen === line.quantity
        ? units(share.shareNum, title)
        : `${title} (${share.shareNum}/${share.shareDen})`;
    })
    .join(', ');
}

/** By item: every unit of every line with the part it goes to. */
function UnitsTable({
  lines,
  count,
  unitPart,
  onChange,
}: {
  lines: OrderItem[];
  count: number;
  unitPart: Record<string, number>;
  onChange: (unit: string, part: number) => void;
}) {
  const { t } = useTranslation('orders');
  const parts = Array.from({ length: count }, (_, i) => ({ value: String(i), label: String(i + 1) }));
  return (
    <Stack gap={6} data-testid="split-units" mah={260} style={{ overflowY: 'auto' }}>
      {lines.flatMap((l) =>
        Array.from({ length: l.quantity }, (_, u) => {
          const unit = `${l.id}:${u}`;
          const label =
            l.quantity > 1
              ? t('split.unitOf', { title: l.item_title, n: u + 1, of: l.quantity })
              : l.item_title;
          return (
            <Group key={unit} justify="space-between" wrap="nowrap" data-testid="split-unit">
              <Text style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{label}</Text>
              <SegmentedControl
                aria-label={t('split.partOf', { title: label })}
                value={String(Math.min(unitPart[unit] ?? 0, count - 1))}
                onChange={(v) => onChange(unit, Number(v))}
                data={parts}
              />
            </Group>
          );
        }),
      )}
    </Stack>
  );
}

/** One payment of a part: type, amount and, for cash, what was handed over and the change. */
function TenderInputs({
  row,
  n,
  part,
  symbol,
  digits,
  types,
  onChange,
  onRemove,
  money,
}: {
  row: TenderRow;
  n: number;
  part: string;
  symbol: string;
  digits: number;
  types: { value: string; label: string }[];
  onChange: (row: TenderRow) => void;
  onRemove: (() => void) | null;
  money: (minor: number) => string;
}) {
  const { t } = useTranslation('orders');
  const amount = toMinor(text(row.amount), digits);
  const given = text(row.tendered) === '' ? null : toMinor(text(row.tendered), digits);
  const short = text(row.tendered) !== '' && (given === null || amount === null || given < amount);
  const numberProps = {
    min: 0,
    allowNegative: false,
    allowDecimal: digits > 0,
    decimalScale: digits,
    hideControls: true,
    inputMode: 'decimal' as const,
    leftSection: <Text fz="sm">{symbol}</Text>,
  };
  return (
    <Stack gap={4} data-testid="split-tender">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Select
          style={{ flex: 1, minWidth: 0 }}
          aria-label={t('split.typeOf', { n, part })}
          data={types}
          value={row.typeId}
          onChange={(v) => onChange({ ...row, typeId: v })}
          allowDeselect={false}
        />
        <NumberInput
          w={116}
          aria-label={t('split.amountOf', { n, part })}
          value={row.amount}
          onChange={(v) => onChange({ ...row, amount: v })}
          error={amount === null ? t('split.badAmount') : undefined}
          {...numberProps}
        />
        <NumberInput
          w={100}
          aria-label={t('split.givenOf', { n, part })}
          value={row.tendered}
          onChange={(v) => onChange({ ...row, tendered: v })}
          error={short ? t('pay.short') : undefined}
          {...numberProps}
        />
        {onRemove && (
          <ActionIcon
            size={44}
            variant="subtle"
            color="red"
            aria-label={t('split.removeOf', { n, part })}
            onClick={onRemove}
          >
            <IconTrash size={20} />
          </ActionIcon>
        )}
      </Group>
      {given !== null && amount !== null && given >= amount && (
        <Text fz="sm" fw={600} ta="right" data-testid="split-tender-change">
          {t('split.changeIs', { amount: money(given - amount) })}
        </Text>
      )}
    </Stack>
  );
}
