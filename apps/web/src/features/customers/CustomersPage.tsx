import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAddressBook,
  IconChevronLeft,
  IconChevronRight,
  IconChevronsLeft,
  IconChevronsRight,
  IconDownload,
  IconEdit,
  IconPlus,
  IconSearch,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { canDo, type Customer, CUSTOMERS_PER_PAGE } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { subjectOf, useSessionUser } from '../../lib/session.ts';
import { useSaveMutation } from '../../lib/mutations.ts';
import { paths } from '../../lib/paths.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { confirmIrreversible } from '../../lib/confirm.ts';
import { toast } from '../../lib/toast.ts';
import { calendarDate, storeDate } from '../../lib/store-time.ts';
import { customersQueryOptions } from './api/get-customers.ts';
import { deleteCustomer, exportCustomers } from './api/mutations.ts';
import { AddCustomerDialog } from './components/AddCustomerDialog.tsx';
import { EditCustomerDialog } from './components/EditCustomerDialog.tsx';

/** The page number in the address (?page=), 1 when missing or not a page. */
function pageOf(params: URLSearchParams): number {
  const n = Number(params.get('page') ?? '1');
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * /dashboard/customers (SPEC §2 Customers): 10 per page newest first with First / Previous / Next /
 * Last, search by phone or name, add and edit dialogs, delete with confirmation, CSV export. The page
 * and the search live in the address, so Back from a customer's page returns to the same place.
 */
export function CustomersPage() {
  const { t } = useTranslation('customers');
  const navigate = useNavigate();
  const me = useSessionUser('tenant');
  const canManage = me !== null && canDo(subjectOf(me), 'customers.manage');
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const filter = params.get('q') ?? '';
  const [text, setText] = useState(filter);
  // Back and Forward change the search in the address: the box follows.
  const [shownFilter, setShownFilter] = useState(filter);
  if (filter !== shownFilter) {
    setShownFilter(filter);
    setText(filter);
  }
  const list = useQuery(
    customersQueryOptions({ page, perPage: CUSTOMERS_PER_PAGE, ...(filter ? { filter } : {}) }),
  );
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<{ opened: boolean; customer: Customer | null }>({
    opened: false,
    customer: null,
  });
  const remove = useSaveMutation({ mutationFn: deleteCustomer, changes: ['customers'] });
  const [exporting, setExporting] = useState(false);

  const go = (next: { page?: number; q?: string }) => {
    const q = next.q ?? filter;
    const p = next.page ?? page;
    setParams(
      {
        ...(q ? { q } : {}),
        ...(p > 1 ? { page: String(p) } : {}),
      },
      { replace: next.q === undefined },
    );
  };

  // After a delete empties the last page, show the new last page.
  const totalPages = list.data?.totalPages ?? 0;
  const emptyPastEnd = list.isSuccess && !list.isPlaceholderData && page > 1 && page > totalPages;
  useEffect(() => {
    if (emptyPastEnd) go({ page: Math.max(1, totalPages) });
  });

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    // Blank search does nothing (SPEC §5).
    if (!text.trim()) return;
    go({ q: text.trim(), page: 1 });
  };
  const clearSearch = () => {
    setText('');
    go({ q: '', page: 1 });
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await exportCustomers();
      toast.success('Data exported successfully !');
    } catch {
      toast.error('Failed to export Data. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  const open = (c: Customer) => void navigate(paths.dashboard.customer.to(c.phone));
  const data = list.data;

  return (
    <Stack>
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          // Adding and exporting are a manager's actions (customers.manage).
          canManage && (
            <>
              <Button
                variant="default"
                leftSection={<IconDownload size={18} />}
                loading={exporting}
                onClick={() => void exportCsv()}
              >
                {t('export')}
              </Button>
              <Button leftSection={<IconPlus size={18} />} onClick={() => setAdding(true)}>
                {t('new')}
              </Button>
            </>
          )
        }
      />
      <form onSubmit={submitSearch} role="search">
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1, maxWidth: 480 }}
            label={t('search.label')}
            placeholder={t('search.placeholder')}
            type="search"
            inputMode="search"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Button type="submit" variant="light" leftSection={<IconSearch size={18} />}>
            {t('search.button')}
          </Button>
          {filter && (
            <Button variant="subtle" color="gray" leftSection={<IconX size={18} />} onClick={clearSearch}>
              {t('search.clear')}
            </Button>
          )}
        </Group>
      </form>
      {filter && (
        <Text fz="sm" c="dimmed" data-testid="search-note">
          {t('search.showing', { q: filter })}
        </Text>
      )}

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        filter ? (
          <NoResult />
        ) : (
          <LoadError message="Error loading details! Please try later!" />
        )
      ) : data && data.total === 0 ? (
        filter ? (
          <NoResult />
        ) : (
          <EmptyState
            icon={IconAddressBook}
            title={t('empty.title')}
            text={t('empty.text')}
            {...(canManage ? { actionLabel: t('empty.action'), onAction: () => setAdding(true) } : {})}
          />
        )
      ) : data ? (
        <>
          <Card withBorder radius="lg" padding={0}>
            <Table.ScrollContainer minWidth={760}>
              <Table
                highlightOnHover
                verticalSpacing="sm"
                horizontalSpacing="md"
                data-testid="customers-table"
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('col.phone')}</Table.Th>
                    <Table.Th>{t('col.name')}</Table.Th>
                    <Table.Th>{t('col.email')}</Table.Th>
                    <Table.Th>{t('col.gender')}</Table.Th>
                    <Table.Th>{t('col.birthDate')}</Table.Th>
                    <Table.Th>{t('col.added')}</Table.Th>
                    {canManage && (
                      <Table.Th style={{ textAlign: 'right' }}>
                        <VisuallyHidden>{t('col.actions')}</VisuallyHidden>
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.customers.map((c) => (
                    <Table.Tr
                      key={c.id}
                      data-testid="customer-row"
                      style={{ cursor: 'pointer' }}
                      onClick={() => open(c)}
                    >
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.phone}</Table.Td>
                      <Table.Td>
                        <Anchor
                          component={Link}
                          to={paths.dashboard.customer.to(c.phone)}
                          fw={600}
                          onClick={(e) => e.stopPropagation()}
                          style={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}
                        >
                          {c.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.email ?? '—'}</Table.Td>
                      <Table.Td>{c.gender ? t(`gender.${c.gender}`) : '—'}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{calendarDate(c.birth_date)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {storeDate(c.created_at, data.timezone)}
                      </Table.Td>
                      {canManage && (
                        <Table.Td onClick={(e) => e.stopPropagation()}>
                          <Group gap={4} justify="flex-end" wrap="nowrap">
                            <Tooltip label={t('edit.button')}>
                              <ActionIcon
                                variant="subtle"
                                aria-label={`${t('edit.button')} ${c.name}`}
                                onClick={() => setEditing({ opened: true, customer: c })}
                              >
                                <IconEdit size={18} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label={t('delete.button')}>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={`${t('delete.button')} ${c.name}`}
                                onClick={() =>
                                  confirmIrreversible(
                                    () => remove.mutate(c.phone),
                                    t('delete.title', { name: c.name }),
                                  )
                                }
                              >
                                <IconTrash size={18} />
                              </ActionIcon>
                            </Tooltip>
                          </Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
          <Pager
            page={page}
            totalPages={data.totalPages}
            total={data.total}
            onPage={(p) => go({ page: p })}
          />
        </>
      ) : null}

      <AddCustomerDialog opened={adding} onClose={() => setAdding(false)} onAdded={() => go({ page: 1 })} />
      <EditCustomerDialog
        opened={editing.opened}
        customer={editing.customer}
        onClose={() => setEditing((e) => ({ ...e, opened: false }))}
      />
    </Stack>
  );
}

function NoResult() {
  const { t } = useTranslation('customers');
  return (
    <Card withBorder radius="lg" padding="xl">
      <Text ta="center" fw={600} data-testid="no-result">
        {t('No result found!')}
      </Text>
    </Card>
  );
}

/** First / Previous / Next / Last and 'Page X of Y' (SPEC §2 Customers). */
function Pager({
  page,
  totalPages,
  total,
  onPage,
}: {
  page: number;
  totalPages: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('customers');
  const last = Math.max(1, totalPages);
  const shown = Math.min(page, last);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" component="nav" aria-label={t('page.nav')}>
      <Text fz="sm" c="dimmed">
        {t('page.count', { count: total })}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Button
          variant="default"
          leftSection={<IconChevronsLeft size={18} />}
          disabled={shown <= 1}
          onClick={() => onPage(1)}
        >
          {t('page.first')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconChevronLeft size={18} />}
          disabled={shown <= 1}
          onClick={() => onPage(shown - 1)}
        >
          {t('page.previous')}
        </Button>
        <Text fw={600} px="sm" aria-live="polite" data-testid="page-of" style={{ whiteSpace: 'nowrap' }}>
          {t('page.of', { page: shown, total: last })}
        </Text>
        <Button
          variant="default"
          rightSection={<IconChevronRight size={18} />}
          disabled={shown >= last}
          onClick={() => onPage(shown + 1)}
        >
          {t('page.next')}
        </Button>
        <Button
          variant="default"
          rightSection={<IconChevronsRight size={18} />}
          disabled={shown >= last}
          onClick={() => onPage(last)}
        >
          {t('page.last')}
        </Button>
      </Group>
    </Group>
  );
}
