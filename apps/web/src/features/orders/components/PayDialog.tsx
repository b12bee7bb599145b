import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconArrowsSplit, IconPrinter } from '@tabler/icons-react';
import {
  currencySymbol,
  formatMoney,
  fromMinor,
  toMinor,
  type CompleteAndPayInput,
  type OrderPaid,
  type OrderSummary,
  type OrdersInit,
} from '@comanda/core';
import { DialogActions } from '../../../components/DialogActions.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Outcome } from '../../../lib/offline/sync.ts';
import { newUuid } from '../../../lib/uuid.ts';
import type { CarriedExtras } from '../bill-extras.ts';
import { showMoney } from '../money.ts';
import { useBillExtras } from '../use-bill-extras.ts';
import { BillExtrasFields } from './BillExtrasFields.tsx';

export const ACTION_FAILED = 'Error processing your request, Please try later!';

/**
 * Pay & Complete (SPEC §4 Table group): the server's bill for the group, a payment type, for cash the
 * amount handed over and the change, then one pay call; afterwards, the receipt. The Idempotency-Key
 * is made when the dialog opens (the parent mounts a fresh dialog each time), so a double tap or a
 * retry after a lost answer pays once.
 */
export function PayDialog({
  summary,
  init,
  opened,
  onClose,
  onPay,
  onPrint,
  onSplit,
}: {
  summary: OrderSummary;
  init: OrdersInit;
  opened: boolean;
  onClose: () => void;
  /** The pay call, through the outbox: the server's answer, its refusal, or queued on this device. */
  onPay: (
    key: string,
    body: Pick<
      CompleteAndPayInput,
      'subTotal' | 'taxTotal' | 'total' | 'payment' | 'discounts' | 'tip' | 'guests' | 'approvalId'
    >,
  ) => Promise<Outcome>;
  onPrint: (
    paid: OrderPaid,
    payment: { type: string; tendered: number | null },
    discountReason: string | null,
  ) => void;
  /** Opens Split & pay instead (several parts or payments); absent while the group has unsynced orders. */
  onSplit?: (carried: CarriedExtras) => void;
}) {
  const { t } = useTranslation('orders');
  const [key] = useState(newUuid);
  const active = init.paymentTypes.filter((p) => p.is_active);
  // The store's default (Settings > Payment Types) is chosen to start with.
  const first = active.find((p) => p.is_default) ?? active[0];
  const [typeId, setTypeId] = useState<string | null>(first ? String(first.id) : null);
  const [tendered, setTendered] = useState<string | number>('');
  const [paid, setPaid] = useState<OrderPaid | null>(null);
  const { code, digits } = init.currency;
  const bill = useBillExtras(summary, digits);
  const { figures, blocked } = bill;
  // What the payment covers: the discounted total, the service charge and the tip.
  const totalMinor = figures.payMinor;
  const tenderedText = String(tendered).trim();
  const tenderedMinor = tenderedText === '' ? null : toMinor(tenderedText, digits);
  // Blank means the exact amount; anything typed must cover the total.
  const short = tenderedText !== '' && (tenderedMinor === null || tenderedMinor < totalMinor);
  const [paying, setPaying] = useState(false);
  const typeTitle = active.find((p) => String(p.id) === typeId)?.title ?? '';

  const submit = async () => {
    if (!typeId || short || paying || blocked) return;
    setPaying(true);
    const outcome = await onPay(key, {
      subTotal: fromMinor(figures.bill.netMinor, digits),
      taxTotal: fromMinor(figures.bill.taxMinor, digits),
      total: fromMinor(figures.bill.totalMinor, digits),
      payment: { paymentTypeId: Number(typeId), tendered: tenderedText === '' ? null : tenderedText },
      ...figures.body,
      approvalId: bill.approvalId,
    });
    setPaying(false);
    if (outcome.status === 'synced') setPaid(outcome.answer as OrderPaid);
    if (outcome.status === 'refused') bill.resetApproval();
    // Queued on this device: the bill as the device worked it out; the server bills on sync.
    if (outcome.status === 'queued')
      setPaid({
        message: t('pay.savedOffline'),
        invoiceId: 0,
        subTotal: fromMinor(figures.bill.netMinor, digits),
        taxTotal: fromMinor(figures.bill.taxMinor, digits),
        total: fromMinor(figures.bill.totalMinor, digits),
        change: tenderedMinor === null ? null : fromMinor(tenderedMinor - totalMinor, digits),
        pricesChanged: false,
        discount: fromMinor(figures.discountMinor, digits),
        serviceCharge: fromMinor(figures.serviceChargeMinor, digits),
        tip: fromMinor(figures.tipMinor, digits),
        // The device's receipt prints the discounts as one row: the server names each line's on sync.
        lineDiscounts: [],
      });
  };

  const row = (label: string, value: string, strong = false, testId?: string) => (
    <Group justify="space-between">
      <Text fw={strong ? 700 : 400} fz={strong ? 'lg' : 'md'}>
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} fz={strong ? 'lg' : 'md'} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );

  return (
    <Modal opened={opened} onClose={onClose} title={paid ? t('pay.doneTitle') : t('pay.title')} size="lg">
      {paid ? (
        <Stack gap="md" data-testid="pay-done">
          <Text>{t(paid.message)}</Text>
          {paid.pricesChanged && (
            <Alert color="yellow" variant="light">
              {t('pay.pricesChanged')}
            </Alert>
          )}
          {row(t('pay.total'), showMoney(paid.total, init.currency), true)}
          {paid.discount > 0 &&
            row(t('extras.discount'), `-${showMoney(paid.discount, init.currency)}`, false, 'paid-discount')}
          {paid.serviceCharge > 0 &&
            row(t('extras.serviceCharge'), showMoney(paid.serviceCharge, init.currency), false)}
          {paid.tip > 0 && row(t('extras.tip'), showMoney(paid.tip, init.currency), false, 'paid-tip')}
          {paid.change !== null &&
            row(t('pay.change'), showMoney(paid.change, init.currency), true, 'pay-change')}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('pay.close')}
            </Button>
            <Button
              leftSection={<IconPrinter size={18} />}
              onClick={() =>
                onPrint(
                  paid,
                  {
                    type: typeTitle,
                    tendered: tenderedText === '' ? null : Number(tenderedText),
                  },
                  figures.reasons,
                )
              }
            >
              {t('actions.print')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="md">
            <BillExtrasFields {...bill.fields} currency={init.currency} />
            <Stack gap={6} data-testid="pay-summary">
              {figures.discountMinor > 0 &&
                row(
                  t('extras.discount'),
                  `-${formatMoney(figures.discountMinor, code)}`,
                  false,
                  'pay-discount',
                )}
              {row(t('pay.subtotal'), formatMoney(figures.bill.netMinor, code))}
              {row(t('pay.tax'), formatMoney(figures.bill.taxMinor, code))}
              {row(
                t('pay.total'),
                formatMoney(figures.bill.totalMinor, code),
                figures.payMinor === figures.bill.totalMinor,
                'pay-total',
              )}
              {figures.serviceChargeMinor > 0 &&
                row(
                  t('extras.serviceCharge'),
                  formatMoney(figures.serviceChargeMinor, code),
                  false,
                  'pay-service',
                )}
              {figures.tipMinor > 0 &&
                row(t('extras.tip'), formatMoney(figures.tipMinor, code), false, 'pay-tip')}
              {figures.payMinor !== figures.bill.totalMinor &&
                row(t('extras.toPay'), formatMoney(figures.payMinor, code), true, 'pay-due')}
            </Stack>
            <Select
              label={t('pay.type')}
              data={active.map((p) => ({ value: String(p.id), label: p.title }))}
              value={typeId}
              onChange={setTypeId}
              allowDeselect={false}
              error={active.length === 0 ? t('pay.noTypes') : undefined}
            />
            <NumberInput
              label={t('pay.tendered')}
              description={t('pay.tenderedHint')}
              value={tendered}
              onChange={setTendered}
              min={0}
              allowNegative={false}
              allowDecimal={digits > 0}
              decimalScale={digits}
              hideControls
              inputMode="decimal"
              leftSection={<Text fz="sm">{currencySymbol(code)}</Text>}
              error={short ? t('pay.short') : undefined}
            />
            {tenderedMinor !== null &&
              tenderedMinor >= totalMinor &&
              row(t('pay.change'), formatMoney(tenderedMinor - totalMinor, code), true, 'pay-change')}
            <DialogActions>
              {onSplit && (
                <Button
                  variant="light"
                  leftSection={<IconArrowsSplit size={18} />}
                  onClick={() => onSplit(bill.carry)}
                  mr="auto"
                >
                  {t('pay.split')}
                </Button>
              )}
              <Button variant="default" onClick={onClose}>
                {t('pay.cancel')}
              </Button>
              <Button type="submit" loading={paying} disabled={!typeId || short || blocked}>
                {t('pay.submit', { total: formatMoney(totalMinor, code) })}
              </Button>
            </DialogActions>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
