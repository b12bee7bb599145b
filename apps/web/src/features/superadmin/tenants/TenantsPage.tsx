import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconDownload,
  IconEdit,
  IconFilter,
  IconHistory,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import {
  TENANT_CSV_COLUMNS,
  TENANT_FILTERS_EXCLUDED,
  TENANT_STATUSES,
  TENANTS_PER_PAGE,
  type TenantRow,
  type TenantStatus,
  toCsv,
  todayIn,
} from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateRangeFilter, type DateRangeParams, useDateRange } from '../../../components/DateRangeFilter.tsx';
import { LoadError, Loading } from '../../../components/LoadState.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { confirmIrreversible } from '../../../lib/confirm.ts';
import { saveFile } from '../../../lib/download.ts';
import { useSaveMutation } from '../../../lib/mutations.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { fetchTenantExport, tenantCountsQueryOptions, tenantsQueryOptions } from './api/get-tenants.ts';
import { deleteTenant } from './api/mutations.ts';
import { Pager } from './components/Pager.tsx';
import { TenantDialog } from './components/TenantDialog.tsx';
import { dayOf } from './format.ts';

/** SPEC §9: the tenant search fetches after 800 ms without typing. */
const SEARCH_DEBOUNCE_MS = 800;
/** The server reads the date filter on the UTC calendar (docs/superadmin-tenants.md). */
const FILTER_TIME_ZONE = 'UTC';

const price = (dollars: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);

/** The tab as a CSV made in the browser with core's toCsv (quoting, CRLF, formula cells defused). */
function tenantsCsv(rows: readonly TenantRow[]): string {
  return toCsv(
    TENANT_CSV_COLUMNS,
    rows.map((r) => [
      String(r.id),
      r.name,
      r.email,
      r.is_active ? 'active' : 'inactive',
      r.subscription_start,
      r.subscription_end,
      r.plan_price_per_month.toFixed(2),
    ]),
  );
}

/**
 * /superadmin/dashboard/tenants (SPEC §2 Tenants, §4 Tenant list): Active / Inactive / All tabs with
 * counts, search (800 ms debounce, back to page 1), a date filter dialog on the subscription end, CSV
 * export of the tab, 5 per page, and the add, update and delete dialogs.
 */
export function TenantsPage() {
  const { t } = useTranslation('tenants');
  const [status, setStatus] = useState<TenantStatus>('active');
  const [page, setPage] = useState(1);
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [shownSearch, setShownSearch] = useState(search);
  // A new search starts on page 1 (SPEC §4).
  if (search !== shownSearch) {
    setShownSearch(search);
    setPage(1);
  }
  const [dates, setDates] = useState<DateRangeParams | null>(null);
  const [filtering, setFiltering] = useState(false);
  const [dialog, setDialog] = useState<{ opened: boolean; tenant: TenantRow | null }>({
    opened: false,
    tenant: null,
  });
  const [exporting, setExporting] = useState(false);

  const counts = useQuery(tenantCountsQueryOptions());
  const list = useQuery(
    tenantsQueryOptions({
      page,
      perPage: TENANTS_PER_PAGE,
      status,
      ...(search ? { search } : {}),
      ...(dates ? { dates } : {}),
    }),
  );
  const remove = useSaveMutation({ mutationFn: deleteTenant, changes: ['tenants'] });

  const chooseTab = (next: TenantStatus) => {
    setStatus(next);
    setPage(1);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { tenants } = await fetchTenantExport(status);
      const name = t('csv.name', { status, date: todayIn(FILTER_TIME_ZONE) });
      saveFile(new Blob([tenantsCsv(tenants)], { type: 'text/csv;charset=utf-8' }), name);
      toast.success('Data exported successfully !');
    } catch {
      toast.error('Failed to export Data. Please try again.');
    } finally {
      setExporting(false);
    }
  };

  const data = list.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;
  // A delete that empties the last page shows the new last page.
  if (data && !list.isPlaceholderData && data.tenants.length === 0 && page > lastPage) setPage(lastPage);
  const countOf = (s: TenantStatus) =>
    counts.data
      ? {
          active: counts.data.activeTenants,
          inactive: counts.data.inactiveTenants,
          all: counts.data.allTenants,
        }[s]
      : undefined;

  return (
    <Stack>
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconDownload size={18} />}
              loading={exporting}
              onClick={() => void exportCsv()}
            >
              {t('export')}
            </Button>
            <Button
              leftSection={<IconPlus size={18} />}
              onClick={() => setDialog({ opened: true, tenant: null })}
            >
              {t('new')}
            </Button>
          </>
        }
      />

      <Tabs value={status} onChange={(v) => v && chooseTab(v as TenantStatus)}>
        <Tabs.List aria-label={t('tab.label')}>
          {TENANT_STATUSES.map((s) => (
            <Tabs.Tab key={s} value={s} data-testid={`tab-${s}`} mih={44}>
              {t(`tab.${s}`)}
              {countOf(s) !== undefined && (
                <Badge ml={8} variant="light" color="gray" radius="sm" data-testid={`count-${s}`}>
                  {countOf(s)}
                </Badge>
              )}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {/* The tab's panel: the search, filter and list below belong to the chosen tab. */}
        <Tabs.Panel value={status} pt="md">
          <Stack>
            <Group gap="sm" align="flex-end" wrap="wrap" role="search">
              <TextInput
                style={{ flex: 1, minWidth: 240, maxWidth: 480 }}
                label={t('search.label')}
                placeholder={t('search.placeholder')}
                type="search"
                leftSection={<IconSearch size={18} />}
                value={text}
                onChange={(e) => setText(e.currentTarget.value)}
              />
              <Button
                variant="light"
                leftSection={<IconFilter size={18} />}
                onClick={() => setFiltering(true)}
              >
                {t('filter.button')}
              </Button>
              {dates && (
                <Button variant="subtle" color="gray" onClick={() => (setDates(null), setPage(1))}>
                  {t('filter.clear')}
                </Button>
              )}
            </Group>
            {dates && (
              <Text fz="sm" c="dimmed" data-testid="filter-note">
                {t('filter.active', {
                  range:
                    dates.type === 'custom'
                      ? `${dates.from ?? ''} – ${dates.to ?? ''}`
                      : t(`dateFilter.${dates.type}`, { ns: 'common' }),
                })}
              </Text>
            )}

            {list.isPending ? (
              <Loading />
            ) : list.isError ? (
              <LoadError message="Error loading Tenants Data! Please try later!" />
            ) : data && data.tenants.length === 0 ? (
              <Card withBorder radius="lg" padding="xl">
                <Text ta="center" fw={600} data-testid="no-tenants">
                  {t('No Tenants Found!')}
                </Text>
              </Card>
            ) : data ? (
              <>
                <Card withBorder radius="lg" padding={0}>
                  <Table.ScrollContainer minWidth={880}>
                    <Table
                      highlightOnHover
                      verticalSpacing="sm"
                      horizontalSpacing="md"
                      data-testid="tenants-table"
                    >
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('col.name')}</Table.Th>
                          <Table.Th>{t('col.email')}</Table.Th>
                          <Table.Th>{t('col.status')}</Table.Th>
                          <Table.Th>{t('col.start')}</Table.Th>
                          <Table.Th>{t('col.end')}</Table.Th>
                          <Table.Th style={{ textAlign: 'right' }}>{t('col.price')}</Table.Th>
                          <Table.Th style={{ textAlign: 'right' }}>
                            <VisuallyHidden>{t('col.actions')}</VisuallyHidden>
                          </Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {data.tenants.map((row) => (
                          <Table.Tr key={row.id} data-testid="tenant-row">
                            <Table.Td fw={600}>{row.name}</Table.Td>
                            <Table.Td style={{ overflowWrap: 'break-word' }}>{row.email}</Table.Td>
                            <Table.Td style={{ whiteSpace: 'nowrap' }}>
                              <Badge
                                color={row.is_active ? 'green' : 'gray'}
                                variant="light"
                                style={{ minWidth: 'max-content' }}
                                data-testid="tenant-status"
                              >
                                {row.is_active ? t('status.active') : t('status.inactive')}
                              </Badge>
                            </Table.Td>
                            <Table.Td style={{ whiteSpace: 'nowrap' }}>
                              {dayOf(row.subscription_start)}
                            </Table.Td>
                            <Table.Td style={{ whiteSpace: 'nowrap' }}>
                              {dayOf(row.subscription_end)}
                            </Table.Td>
                            <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                              {price(row.plan_price_per_month)}
                            </Table.Td>
                            <Table.Td>
                              <Group gap={4} justify="flex-end" wrap="nowrap">
                                <Tooltip label={t('action.edit', { name: row.name })}>
                                  <ActionIcon
                                    variant="subtle"
                                    aria-label={t('action.edit', { name: row.name })}
                                    onClick={() => setDialog({ opened: true, tenant: row })}
                                  >
                                    <IconEdit size={18} />
                                  </ActionIcon>
                                </Tooltip>
                                <Tooltip label={t('action.history', { name: row.name })}>
                                  <ActionIcon
                                    variant="subtle"
                                    component={Link}
                                    to={paths.superadmin.tenantHistory.to(row.id)}
                                    aria-label={t('action.history', { name: row.name })}
                                  >
                                    <IconHistory size={18} />
                                  </ActionIcon>
                                </Tooltip>
                                <Tooltip label={t('action.delete', { name: row.name })}>
                                  <ActionIcon
                                    variant="subtle"
                                    color="red"
                                    aria-label={t('action.delete', { name: row.name })}
                                    onClick={() =>
                                      confirmIrreversible(
                                        () => remove.mutate(row.id),
                                        t('delete.title', { name: row.name }),
                                        t('delete.detail', { name: row.name, email: row.email }),
                                      )
                                    }
                                  >
                                    <IconTrash size={18} />
                                  </ActionIcon>
                                </Tooltip>
                              </Group>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                </Card>
                <Pager
                  page={Math.min(page, lastPage)}
                  lastPage={lastPage}
                  shown={data.tenants.length}
                  total={data.total}
                  onPage={setPage}
                  label={t('page.nav')}
                />
              </>
            ) : null}
          </Stack>
        </Tabs.Panel>
      </Tabs>

      <FilterDialog
        opened={filtering}
        onClose={() => setFiltering(false)}
        onApply={(params) => {
          setDates(params);
          setPage(1);
          setFiltering(false);
        }}
      />
      <TenantDialog
        opened={dialog.opened}
        tenant={dialog.tenant}
        onClose={() => setDialog((d) => ({ ...d, opened: false }))}
        onAdded={() => setPage(1)}
      />
    </Stack>
  );
}

/** The date filter (SPEC §9, 'tomorrow' included) on the tenants' subscription end. */
function FilterDialog({
  opened,
  onClose,
  onApply,
}: {
  opened: boolean;
  onClose: () => void;
  onApply: (params: DateRangeParams) => void;
}) {
  const { t } = useTranslation('tenants');
  const state = useDateRange(todayIn(FILTER_TIME_ZONE), { excluded: TENANT_FILTERS_EXCLUDED });
  return (
    <Modal opened={opened} onClose={onClose} title={t('filter.title')} centered radius="lg">
      <Stack>
        <Text fz="sm" c="dimmed">
          {t('filter.hint')}
        </Text>
        <DateRangeFilter state={state} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('confirm.cancel', { ns: 'common' })}
          </Button>
          <Button disabled={!state.valid} onClick={() => onApply(state.params)}>
            {t('filter.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
