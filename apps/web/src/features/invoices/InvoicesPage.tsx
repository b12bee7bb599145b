import { Button, Card, CloseButton, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileInvoice, IconSearch } from '@tabler/icons-react';
import {
  DATE_FILTERS,
  type DateFilter,
  type Invoice,
  addMonths,
  dateRangeQuery,
  todayIn,
} from '@comanda/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import i18n from '../../lib/i18n.ts';
import { openReceipt, reservePrintPopup } from '../../lib/print.ts';
import { toast } from '../../lib/toast.ts';
import {
  type InvoiceListParams,
  fetchInvoiceOrders,
  invoiceSearchQueryOptions,
  invoicesInitQueryOptions,
  invoicesQueryOptions,
} from './api/get-invoices.ts';
import { InvoiceList } from './components/InvoiceList.tsx';
import { invoiceReceipt } from './receipt.ts';

const rangeQuery = dateRangeQuery();

/**
 * /dashboard/invoices (SPEC §2 Invoices): the invoices of a date filter's days on the store's clock
 * (today by default), a search by invoice number, guest name or phone, and each invoice's print
 * preview: its receipt in the print popup, never printed by itself.
 */
export function InvoicesPage() {
  const { t } = useTranslation('invoices');
  const init = useQuery(invoicesInitQueryOptions());
  const [filter, setFilter] = useState<DateFilter>('today');
  const [range, setRange] = useState({ from: '', to: '' });
  const [searchText, setSearchText] = useState('');
  const [q, setQ] = useState('');

  const params: InvoiceListParams =
    filter === 'custom'
      ? { type: filter, from: range.from || undefined, to: range.to || undefined }
      : { type: filter };
  const checked = rangeQuery.safeParse(params);
  const rangeError = checked.success
    ? undefined
    : i18n.t(checked.error.issues[0]?.message ?? 'Invalid request!');
  const list = useQuery({ ...invoicesQueryOptions(params), enabled: checked.success && q === '' });
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

  const chooseFilter = (value: string | null) => {
    if (!value) return;
    const next = value as DateFilter;
    // A custom range starts as today until the same day next month, on the store's calendar.
    if (next === 'custom' && !range.from && init.data) {
      const today = todayIn(init.data.storeSettings.timezone);
      setRange({ from: today, to: addMonths(today, 1) });
    }
    setFilter(next);
  };
  const runSearch = () => {
    // A blank search does nothing (SPEC §5).
    const text = searchText.trim();
    if (text) setQ(text);
  };
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
  } else if (rangeError) {
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
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label={t('filter.label')}
          data={DATE_FILTERS.map((f) => ({ value: f, label: t(`filter.${f}`) }))}
          value={filter}
          onChange={chooseFilter}
          allowDeselect={false}
          w={180}
          disabled={q !== ''}
        />
        {filter === 'custom' && (
          <>
            <TextInput
              type="date"
              label={t('filter.from')}
              value={range.from}
              onChange={(e) => setRange({ ...range, from: e.currentTarget.value })}
              w={180}
              disabled={q !== ''}
            />
            <TextInput
              type="date"
              label={t('filter.to')}
              value={range.to}
              onChange={(e) => setRange({ ...range, to: e.currentTarget.value })}
              error={rangeError}
              w={180}
              disabled={q !== ''}
            />
          </>
        )}
        <form
          role="search"
          style={{ flex: '1 1 260px', minWidth: 240 }}
          onSubmit={(e) => {
            e.preventDefault();
            runSearch();
          }}
        >
          <Group gap="sm" wrap="nowrap" align="flex-end">
            <TextInput
              label={t('search.label')}
              placeholder={t('search.placeholder')}
              value={searchText}
              onChange={(e) => {
                setSearchText(e.currentTarget.value);
                // Emptying the box goes back to the filtered list.
                if (!e.currentTarget.value.trim()) setQ('');
              }}
              inputMode="search"
              autoComplete="off"
              style={{ flex: 1 }}
              rightSection={
                searchText ? <CloseButton aria-label={t('search.clear')} onClick={clearSearch} /> : null
              }
              rightSectionWidth={44}
            />
            <Button type="submit" variant="light" leftSection={<IconSearch size={18} />}>
              {t('search.button')}
            </Button>
          </Group>
        </form>
      </Group>
      {body}
    </Stack>
  );
}
