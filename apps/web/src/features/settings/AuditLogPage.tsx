import { Card, Group, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconHistory } from '@tabler/icons-react';
import { todayIn } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, useDateRange } from '../../components/DateRangeFilter.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { storeDateTime } from '../../lib/store-time.ts';
import { auditLogQueryOptions } from './api/get-audit-log.ts';
import { actionLabel, describeDetails } from './audit-text.ts';

/** The families the action filter offers above the single actions: what an owner looks for first. */
const FAMILIES = ['order_item', 'order', 'invoice'];

/**
 * /dashboard/settings/audit-log: the store's append-only audit log, newest first, filtered by store
 * days, action (or a family of them), user and text, 25 to a page. Admins and SETTINGS only.
 */
export function AuditLogPage() {
  const { t } = useTranslation('settings');
  const [timezone, setTimezone] = useState<string>();
  const dates = useDateRange(timezone && todayIn(timezone), { excluded: ['tomorrow'] });
  const [action, setAction] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 400);
  const [page, setPage] = useState(1);

  const params = {
    page,
    ...(action ? { action } : {}),
    ...(userId ? { userId: Number(userId) } : {}),
    ...(q ? { q } : {}),
    ...dates.params,
  };
  const log = useQuery({ ...auditLogQueryOptions(params), enabled: dates.valid });
  if (log.data && log.data.timezone !== timezone) setTimezone(log.data.timezone);

  // Any filter change starts again at the first page.
  const filtered =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      setPage(1);
      set(v);
    };

  const actionOptions = [
    {
      group: t('auditLog.families'),
      items: FAMILIES.map((f) => ({ value: f, label: t(`auditLog.family.${f}`) })),
    },
    {
      group: t('auditLog.actionsGroup'),
      items: (log.data?.actions ?? []).map((a) => ({ value: a, label: actionLabel(t, a) })),
    },
  ];

  let body;
  if (!dates.valid) body = null;
  else if (log.isPending) body = <Loading />;
  else if (log.isError) body = <LoadError message="Error loading data, Try Later!" />;
  else if (log.data.entries.length === 0)
    body = <EmptyState icon={IconHistory} title={t('auditLog.empty')} text={t('auditLog.emptyText')} />;
  else {
    const data = log.data;
    const lastPage = Math.max(1, Math.ceil(data.total / data.perPage));
    body = (
      <Stack gap="sm">
        <Card withBorder radius="lg" padding={0}>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={170}>{t('auditLog.when')}</Table.Th>
                  <Table.Th w={170}>{t('auditLog.who')}</Table.Th>
                  <Table.Th w={190}>{t('auditLog.what')}</Table.Th>
                  <Table.Th>{t('auditLog.details')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.entries.map((entry) => (
                  <Table.Tr key={entry.id} data-testid="audit-row" data-action={entry.action}>
                    <Table.Td fz="sm">{storeDateTime(entry.at, data.timezone)}</Table.Td>
                    <Table.Td fz="sm">{entry.user ?? t('auditLog.system')}</Table.Td>
                    <Table.Td>
                      <Text fz="sm" fw={700} c={colorOf(entry.action)}>
                        {actionLabel(t, entry.action)}
                      </Text>
                      {entry.target_type && entry.target_id && (
                        <Text fz="xs" c="dimmed" mt={4}>
                          {t('auditLog.target', {
                            type: entry.target_type.replace(/_/g, ' '),
                            id: entry.target_id,
                          })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
                      {describeDetails(t, entry, data.currency)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
        <Group justify="space-between" wrap="wrap" gap="sm" component="nav" aria-label={t('auditLog.pages')}>
          <Text fz="sm" c="dimmed" data-testid="showing">
            {t('auditLog.showing', { shown: data.entries.length, total: data.total })}
          </Text>
          <Pagination
            total={lastPage}
            value={data.currentPage}
            onChange={setPage}
            size="xl"
            withEdges
            getControlProps={(control) => ({ 'aria-label': t(`auditLog.page.${control}`) })}
          />
        </Group>
      </Stack>
    );
  }

  return (
    <Stack>
      <PageHeader title={t('auditLog.title')} description={t('auditLog.subtitle')} />
      <DateRangeFilter state={{ ...dates, choose: filtered(dates.choose) }}>
        <Select
          label={t('auditLog.action')}
          placeholder={t('auditLog.allActions')}
          data={actionOptions}
          value={action}
          onChange={filtered(setAction)}
          clearable
          searchable
          w={220}
        />
        <Select
          label={t('auditLog.user')}
          placeholder={t('auditLog.allUsers')}
          data={(log.data?.users ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
          value={userId}
          onChange={filtered(setUserId)}
          clearable
          w={180}
        />
        <TextInput
          label={t('auditLog.search')}
          placeholder={t('auditLog.searchPlaceholder')}
          value={text}
          onChange={(e) => {
            setPage(1);
            setText(e.currentTarget.value);
          }}
          inputMode="search"
          autoComplete="off"
          style={{ flex: '1 1 200px' }}
        />
      </DateRangeFilter>
      {body}
    </Stack>
  );
}

/** Money going back and things undone in red, money taken in green, the rest grey. */
function colorOf(action: string): string {
  if (/\.(void|cancel|cancel_all|refund|delete)$/.test(action)) return 'red.8';
  if (/discount|drawer/.test(action)) return 'orange.9';
  if (action === 'invoice.create') return 'teal.8';
  return 'dark.6';
}
