import {
  Alert,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type InvoiceRefunds, type Refund, currencyDigits, formatMoney, toMinor } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, Loading } from '../../../components/LoadState.tsx';
import { useSaveMutation } from '../../../lib/mutations.ts';
import { storeDateTime } from '../../../lib/store-time.ts';
import { newUuid } from '../../../lib/uuid.ts';
import { voidReasonsQueryOptions } from '../../../lib/void-reasons.ts';
import { invoiceRefundsQueryOptions, refundInvoice } from '../api/refunds.ts';

/**
 * The payment type a refund goes back by to start with (issue 31): the bill's own, the one it paid most
 * by when it was mixed, as long as that type is still active; otherwise the first active type.
 */
export function proposedRefundType(data: Pick<InvoiceRefunds, 'payments' | 'paymentTypes'>): number | null {
  const active = new Set(data.paymentTypes.map((p) => p.id));
  const own = data.payments
    .filter((p) => p.payment_type_id !== null && active.has(p.payment_type_id))
    .reduce<(typeof data.payments)[number] | null>(
      (best, p) => (best && best.amount >= p.amount ? best : p),
      null,
    );
  return own?.payment_type_id ?? data.paymentTypes[0]?.id ?? null;
}

/** A decimal of the API in the invoice's currency, with its symbol. */
const moneyOf = (value: number, currency: string) =>
  formatMoney(toMinor(value, currencyDigits(currency)) ?? 0, currency);

/**
 * An invoice's refunds and, for a manager, a new one (docs/voids.md): how many of each line to give
 * back (none to start with: a refund is picked, never assumed), why, and by which payment type (the
 * bill's own to start with). The button reads what will be given back; the server prices it again.
 */
export function RefundDialog({
  invoiceId,
  timezone,
  canRefund,
  onClose,
}: {
  invoiceId: number | null;
  timezone: string;
  canRefund: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('invoices');
  const opened = invoiceId !== null;
  const data = useQuery({ ...invoiceRefundsQueryOptions(invoiceId ?? 0), enabled: opened });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('refund.title', { id: invoiceId ?? '' })}
      size="xl"
      data-testid="refund-dialog"
    >
      {data.isPending ? (
        <Loading />
      ) : data.isError ? (
        <LoadError message={t('Error loading details! Please try later!')} />
      ) : (
        <Stack>
          <RefundHistory data={data.data} timezone={timezone} />
          {canRefund ? (
            // Keyed by what was refunded: a new refund starts the form again from what is left.
            <RefundForm key={data.data.refunds.length} data={data.data} onDone={onClose} />
          ) : (
            <Alert color="gray">{t('refund.managerOnly')}</Alert>
          )}
        </Stack>
      )}
    </Modal>
  );
}

function RefundHistory({ data, timezone }: { data: InvoiceRefunds; timezone: string }) {
  const { t } = useTranslation('invoices');
  if (data.refunds.length === 0) return <Text c="dimmed">{t('refund.none')}</Text>;
  return (
    <Stack gap="xs" data-testid="refund-history">
      <Group justify="space-between">
        <Title order={3} fz="h5">
          {t('refund.history')}
        </Title>
        <Text fw={700} c="red.8">
          {t('refund.refunded', {
            refunded: moneyOf(data.refunded, data.currency),
            total: moneyOf(data.total, data.currency),
          })}
        </Text>
      </Group>
      {data.refunds.map((r: Refund) => (
        <Card key={r.id} withBorder radius="md" padding="sm" data-testid="refund">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Text fw={600}>{r.lines.map((l) => `${l.quantity} × ${l.item_title}`).join(', ')}</Text>
              <Text fz="sm" c="dimmed">
                {storeDateTime(r.created_at, timezone)} · {r.payment_type} · {r.created_by ?? '—'}
              </Text>
              <Text fz="sm">{t('refund.because', { reason: r.reason })}</Text>
            </Stack>
            <Badge color="red" variant="light" size="lg" style={{ flexShrink: 0 }}>
              −{moneyOf(r.total, r.currency)}
            </Badge>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

function RefundForm({ data, onDone }: { data: InvoiceRefunds; onDone: () => void }) {
  const { t } = useTranslation('invoices');
  const reasons = useQuery(voidReasonsQueryOptions());
  const open = data.lines.filter((l) => l.refundable > 0);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [reasonId, setReasonId] = useState<string | null>(null);
  const [paymentTypeId, setPaymentTypeId] = useState<string | null>(() => {
    const proposed = proposedRefundType(data);
    return proposed === null ? null : String(proposed);
  });
  const [submitted, setSubmitted] = useState(false);
  // One key per form: a retried tap answers the first refund instead of making a second.
  const [key] = useState(newUuid);
  const refund = useSaveMutation({ mutationFn: refundInvoice, changes: ['orders'], onSuccess: onDone });

  if (open.length === 0) return <Alert color="gray">{t('refund.nothingLeft')}</Alert>;
  const lines = open
    .map((l) => ({ orderItemId: l.order_item_id, quantity: quantities[l.order_item_id] ?? 0 }))
    .filter((l) => l.quantity > 0);
  // The server's own price of each unit left (refund_amounts), so the button says what it will give back.
  const digits = currencyDigits(data.currency);
  const amountMinor = open.reduce((sum, l) => {
    const q = quantities[l.order_item_id] ?? 0;
    return sum + (q > 0 ? (toMinor(l.refund_amounts[q - 1] ?? 0, digits) ?? 0) : 0);
  }, 0);
  const mixed = data.payments.length > 1;
  const submit = () => {
    setSubmitted(true);
    if (!reasonId || !paymentTypeId || lines.length === 0) return;
    refund.mutate({
      invoiceId: data.invoice_id,
      key,
      body: { reasonId: Number(reasonId), paymentTypeId: Number(paymentTypeId), lines },
    });
  };

  return (
    <Stack gap="sm">
      <Divider />
      <Group justify="space-between">
        <Title order={3} fz="h5">
          {t('refund.new')}
        </Title>
        <Button
          variant="default"
          onClick={() => setQuantities(Object.fromEntries(open.map((l) => [l.order_item_id, l.refundable])))}
        >
          {t('refund.all')}
        </Button>
      </Group>
      <Table verticalSpacing="xs" data-testid="refund-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('refund.item')}</Table.Th>
            <Table.Th ta="right">{t('refund.price')}</Table.Th>
            <Table.Th w={170}>{t('refund.quantity')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {open.map((l) => (
            <Table.Tr key={l.order_item_id} data-testid="refund-line">
              <Table.Td>
                <Text fw={600}>{l.item_title}</Text>
                {l.variant_title && (
                  <Text fz="sm" c="dimmed">
                    {l.variant_title}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{moneyOf(l.price, data.currency)}</Table.Td>
              <Table.Td>
                <NumberInput
                  aria-label={t('refund.quantityOf', { item: l.item_title })}
                  value={quantities[l.order_item_id] ?? 0}
                  onChange={(v) => setQuantities((q) => ({ ...q, [l.order_item_id]: Number(v) || 0 }))}
                  min={0}
                  max={l.refundable}
                  clampBehavior="strict"
                  allowDecimal={false}
                  allowNegative={false}
                  rightSection={
                    <Text fz="sm" c="dimmed">
                      / {l.refundable}
                    </Text>
                  }
                  rightSectionWidth={48}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group grow align="flex-start">
        <Select
          label={t('refund.reason')}
          placeholder={t('refund.reasonPlaceholder')}
          data={(reasons.data ?? []).map((r) => ({ value: String(r.id), label: r.title }))}
          value={reasonId}
          onChange={setReasonId}
          error={submitted && !reasonId ? t('Please select a void reason!') : undefined}
          withAsterisk
        />
        <Select
          label={t('refund.paymentType')}
          data={data.paymentTypes.map((p) => ({ value: String(p.id), label: p.title }))}
          value={paymentTypeId}
          onChange={setPaymentTypeId}
          error={submitted && !paymentTypeId ? t('Please select a payment type!') : undefined}
          allowDeselect={false}
          withAsterisk
          description={
            mixed
              ? t('refund.paidBy', {
                  tenders: data.payments
                    .map((p) => `${p.title} ${moneyOf(p.amount, data.currency)}`)
                    .join(' + '),
                })
              : undefined
          }
        />
      </Group>
      <Group justify="flex-end">
        <Button
          color="red"
          size="md"
          onClick={submit}
          loading={refund.isPending}
          disabled={amountMinor === 0}
          data-testid="refund-submit"
        >
          {amountMinor === 0
            ? t('refund.submit')
            : t('refund.submitAmount', { amount: formatMoney(amountMinor, data.currency) })}
        </Button>
      </Group>
    </Stack>
  );
}
