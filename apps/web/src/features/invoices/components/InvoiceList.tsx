import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPrinter, IconReceiptRefund } from '@tabler/icons-react';
import { formatMoney, toMinor, currencyDigits, type Invoice } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { storeDate, storeDateTime, storeTime } from '../../../lib/store-time.ts';

export interface InvoiceListProps {
  invoices: Invoice[];
  timezone: string;
  /** The invoice whose preview is being fetched: its button spins, the others wait. */
  previewing: number | null;
  onPreview: (invoice: Invoice) => void;
  /** Opens the invoice's refunds (docs/voids.md). */
  onRefunds: (invoice: Invoice) => void;
}

/** An invoice's total as billed, with its currency's symbol (the server's decimal, read as minor units). */
const totalOf = (i: Invoice) => formatMoney(toMinor(i.total, currencyDigits(i.currency)) ?? 0, i.currency);
const tokensOf = (i: Invoice) => i.orders.map((o) => o.token_no).join(', ');
const paymentsOf = (i: Invoice) => [...new Set(i.payments.map((p) => p.payment_type))].join(', ') || '—';

/** The invoices as a table, or as cards below 900 px where seven columns no longer fit (SPEC §2). */
export function InvoiceList(props: InvoiceListProps) {
  const narrow = useMediaQuery('(max-width: 899.98px)', false, { getInitialValueInEffect: false });
  return narrow ? <InvoiceCards {...props} /> : <InvoiceTable {...props} />;
}

function useLabels() {
  const { t } = useTranslation('invoices');
  return {
    t,
    table: (i: Invoice) =>
      i.table_title
        ? i.floor
          ? t('row.tableFloor', { table: i.table_title, floor: i.floor })
          : i.table_title
        : t(`deliveryType.${i.delivery_type}`),
    guest: (i: Invoice) => i.name ?? t('row.walkIn'),
  };
}

function PreviewButton({ invoice, previewing, onPreview }: { invoice: Invoice } & InvoiceListProps) {
  const { t } = useTranslation('invoices');
  return (
    <Button
      variant="light"
      leftSection={<IconPrinter size={18} />}
      loading={previewing === invoice.invoice_id}
      disabled={previewing !== null && previewing !== invoice.invoice_id}
      onClick={() => onPreview(invoice)}
      aria-label={t('row.previewLabel', { id: invoice.invoice_id })}
    >
      {t('row.preview')}
    </Button>
  );
}

function RefundsButton({ invoice, onRefunds }: { invoice: Invoice } & InvoiceListProps) {
  const { t } = useTranslation('invoices');
  return (
    <Button
      variant="default"
      leftSection={<IconReceiptRefund size={18} />}
      onClick={() => onRefunds(invoice)}
      aria-label={t('row.refundsLabel', { id: invoice.invoice_id })}
    >
      {t('row.refunds')}
    </Button>
  );
}

function InvoiceTable(props: InvoiceListProps) {
  const { t, table, guest } = useLabels();
  return (
    <Card withBorder radius="lg" padding={0}>
      <Table.ScrollContainer minWidth={800}>
        <Table verticalSpacing="sm" horizontalSpacing="sm" data-testid="invoices-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('col.invoice')}</Table.Th>
              <Table.Th>{t('col.date')}</Table.Th>
              <Table.Th>{t('col.tokens')}</Table.Th>
              <Table.Th>{t('col.table')}</Table.Th>
              <Table.Th>{t('col.guest')}</Table.Th>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('col.payments')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('col.total')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('col.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.invoices.map((i) => (
              <Table.Tr key={i.invoice_id} data-testid="invoice-row" data-invoice={i.invoice_id}>
                <Table.Td fw={700}>#{i.invoice_id}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text fz="sm">{storeDate(i.created_at, props.timezone)}</Text>
                  <Text fz="sm" c="dimmed">
                    {storeTime(i.created_at, props.timezone)}
                  </Text>
                </Table.Td>
                <Table.Td>{tokensOf(i)}</Table.Td>
                <Table.Td>{table(i)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{guest(i)}</Table.Td>
                <Table.Td>{paymentsOf(i)}</Table.Td>
                <Table.Td fw={700} style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                  {totalOf(i)}
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>
                  {/* One above the other: side by side they would not fit a 1024 px tablet. */}
                  <Stack gap={6} align="stretch">
                    <PreviewButton invoice={i} {...props} />
                    <RefundsButton invoice={i} {...props} />
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function InvoiceCards(props: InvoiceListProps) {
  const { t, table, guest } = useLabels();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" data-testid="invoices-cards">
      {props.invoices.map((i) => (
        <Card
          key={i.invoice_id}
          withBorder
          radius="lg"
          padding="md"
          data-testid="invoice-row"
          data-invoice={i.invoice_id}
        >
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={0}>
                <Text fw={700}>{t('card.title', { id: i.invoice_id })}</Text>
                <Text fz="sm" c="dimmed">
                  {storeDateTime(i.created_at, props.timezone)}
                </Text>
              </Stack>
              <Text fw={700} fz="lg" style={{ whiteSpace: 'nowrap' }}>
                {totalOf(i)}
              </Text>
            </Group>
            <Group gap="xs">
              {i.orders.map((o) => (
                <Badge key={o.order_id} variant="light" size="lg">
                  {t('card.token', { token: o.token_no })}
                </Badge>
              ))}
            </Group>
            <Text fz="sm">
              {table(i)} · {guest(i)}
            </Text>
            <Text fz="sm" c="dimmed">
              {t('card.paidBy', { types: paymentsOf(i) })}
            </Text>
            <Group grow gap="xs">
              <RefundsButton invoice={i} {...props} />
              <PreviewButton invoice={i} {...props} />
            </Group>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
