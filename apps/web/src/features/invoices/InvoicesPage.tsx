import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { type Invoice, hasScope, todayIn } from '@comanda/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, ListSearch, useDateRange } from '../../components/DateRangeFilter.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { openReceipt, reservePrintPopup } from '../../lib/print.ts';
import { subjectOf, useSessionUser } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import {
  fetchInvoiceOrders,
  invoiceSearchQueryOptions,
  invoicesInitQueryOptions,
  invoicesQueryOptions,
} from './api/get-invoices.ts';
import { InvoiceList } from './components/InvoiceList.tsx';
import { RefundDialog } from './components/RefundDialog.tsx';
import { invoiceReceipt } from './receipt.ts';

/**
 * /dashboard/invoices (SPEC §2 Invoices): the invoices of a date filter's days on the store's clock
 * (today by default), a search by invoice number, guest name or phone, and each invoice's print
 * preview: its receipt in the print popup, never printed by itself.
 */
export function InvoicesPage() {
  const { t } = useTranslation('invoices');
  const init = useQuery(invoicesInitQueryOptions());
  const [searchText, setSearchText] = useState('');
  const [q, setQ] = useState('');
  const [refunds, setRefunds] = useState<number | null>(null);
  const me = useSessionUser();
  const canRefund = me !== null && hasScope(subjectOf(me), 'MANAGER');

  const dates = useDateRange(init.data && todayIn(init.data.storeSettings.timezone));
  const list = useQuery({ ...invoicesQueryOptions(dates.params), enabled: dates.valid && q === '' });
  const search = useQuery({ ...invoiceSearchQueryOptions(q), enabled: q !== '' });

  // A read, not a save: no toasts on success; the popup is the answer.
  const preview = useMutation({
    mutationFn: async ({ invoice }: { invoice: Invoice; closePopup: () => void }) => {
      if (!init.data) throw new Error('not ready');
      const { orders } = await fetchInvoiceOrders(invoice.orders.map((o) => o.order_id));
      return invoiceReceipt(invoice, orders, init.data);
    },
    onSuccess: (data) => openReceipt(data, { preview: true }),
    onError: (error, { closePopup }) => {
      closePopup();
      console.error(error);
      toast.fromError(error, 'Something went wrong! Try later!');
    },
  });

  const clearSearch = () => {
    setSearchText('');
    setQ('');
  };

  const timezone = init.data?.storeSettings.timezone;
  const listOf = (invoices: Invoice[]) =>
    timezone ? (
      <InvoiceList
        invoices={invoices}
        timezone={timezone}
        previewing={preview.isPending ? preview.variables.invoice.invoice_id : null}
        onPreview={(invoice) => preview.mutate({ invoice, closePopup: reservePrintPopup() })}
        onRefunds={(invoice) => setRefunds(invoice.invoice_id)}
      />
    ) : null;

  let body;
  if (init.isPending) {
    body = <Loading />;
  } else if (init.isError) {
    body = <LoadError message={t('Error loading details! Please try later!')} />;
  } else if (q) {
    body = (
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="h4">
            {t('search.results', { q })}
          </Title>
          <Button variant="default" onClick={clearSearch}>
            {t('search.clear')}
          </Button>
        </Group>
        {search.isPending ? (
          <Loading />
        ) : search.isError || search.data.invoices.length === 0 ? (
          <Card withBorder radius="lg" padding="xl">
            <Text ta="center" fw={600} role="status" data-testid="no-result">
              {t('No result found!')}
            </Text>
          </Card>
        ) : (
          listOf(search.data.invoices)
        )}
      </Stack>
    );
  } else if (!dates.valid) {
    body = null;
  } else if (list.isPending) {
    body = <Loading />;
  } else if (list.isError) {
    body = <LoadError message={t('Error loading details! Please try later!')} />;
  } else if (list.data.invoices.length === 0) {
    body = <EmptyState icon={IconFileInvoice} title={t('empty.title')} text={t('empty.text')} />;
  } else {
    body = (
      <Stack>
        {list.data.truncated && (
          <Text size="sm" c="dimmed" role="status" data-testid="invoices-truncated">
            {t('truncated')}
          </Text>
        )}
        {listOf(list.data.invoices)}
      </Stack>
    );
  }

  return (
    <Stack>
      <PageHeader title={t('title')} description={t('subtitle')} />
      <DateRangeFilter state={dates} disabled={q !== ''}>
        <ListSearch
          texts={{
            label: t('search.label'),
            placeholder: t('search.placeholder'),
            button: t('search.button'),
            clear: t('search.clear'),
          }}
          value={searchText}
          onChange={setSearchText}
          onSearch={setQ}
          onClear={clearSearch}
        />
      </DateRangeFilter>
      {body}
      {timezone && (
        <RefundDialog
          invoiceId={refunds}
          timezone={timezone}
          canRefund={canRefund}
          onClose={() => setRefunds(null)}
        />
      )}
    </Stack>
  );
}
