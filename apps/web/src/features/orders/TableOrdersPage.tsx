import { Button, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCircleCheck, IconRefresh, IconToolsKitchen2 } from '@tabler/icons-react';
import {
  ORDER_ITEM_STATUS_UPDATED,
  type OrderSummary,
  type OrdersInit,
  type TableGroup,
} from '@comanda/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useSaveMutation } from '../../lib/mutations.ts';
import { openReceipt, receiptFromOrders, type ReceiptData } from '../../lib/print.ts';
import { invalidateResources } from '../../lib/resources.ts';
import { toast } from '../../lib/toast.ts';
import { ordersInitQueryOptions, tableOrdersQueryOptions } from './api/get-table-orders.ts';
import { cancelOrders, completeOrders, paymentSummary, updateItemStatus } from './api/mutations.ts';
import { ACTION_FAILED, PayDialog } from './components/PayDialog.tsx';
import { type GroupActions, TableGroupCard } from './components/TableGroupCard.tsx';

const LOAD_FAILED = 'Error loading orders! Please try later!';

/**
 * /dashboard/orders (SPEC §2 Orders, §4 Table group): the open orders grouped by table, a status menu
 * per line, and per group Cancel, Complete, Pay & Complete and Print Receipt. Other screens' changes
 * arrive through the realtime map; Refresh fetches on demand.
 */
export function TableOrdersPage() {
  const { t } = useTranslation('orders');
  const queryClient = useQueryClient();
  const list = useQuery(tableOrdersQueryOptions());
  const init = useQuery(ordersInitQueryOptions());
  const [statusDone, setStatusDone] = useState(false);
  // Which group's summary call is running (Pay & Complete or Print Receipt).
  const [busy, setBusy] = useState<{ key: string; action: 'pay' | 'print' } | null>(null);
  const [pay, setPay] = useState<{ summary: OrderSummary; tableTitle: string | null; n: number } | null>(
    null,
  );
  const [payOpened, setPayOpened] = useState(false);

  // A refused action may be refused because another screen moved first: show the latest.
  const refetchOnError = () => {
    void invalidateResources(queryClient, ['orders']);
    return false;
  };
  const status = useMutation({
    mutationFn: updateItemStatus,
    onSuccess: async () => {
      setStatusDone(true);
      await invalidateResources(queryClient, ['orders']);
    },
    onError: (error) => {
      refetchOnError();
      toast.fromError(error, ACTION_FAILED);
    },
  });
  const cancel = useSaveMutation({
    mutationFn: cancelOrders,
    changes: ['orders'],
    fallback: ACTION_FAILED,
    handleError: refetchOnError,
  });
  const complete = useSaveMutation({
    mutationFn: completeOrders,
    changes: ['orders'],
    fallback: ACTION_FAILED,
    handleError: refetchOnError,
  });

  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    const result = await list.refetch();
    setRefreshing(false);
    if (result.isError) toast.error(LOAD_FAILED);
    else toast.success('Orders Loaded!');
  };

  const withSummary = async (group: TableGroup, action: 'pay' | 'print') => {
    setBusy({ key: group.key, action });
    try {
      return await paymentSummary({ orderIds: group.order_ids });
    } catch (error) {
      refetchOnError();
      toast.fromError(error, ACTION_FAILED);
      return null;
    } finally {
      setBusy(null);
    }
  };

  const openPay = async (group: TableGroup) => {
    const summary = await withSummary(group, 'pay');
    if (!summary) return;
    setPay((p) => ({ summary, tableTitle: group.table_title, n: (p?.n ?? 0) + 1 }));
    setPayOpened(true);
  };
  const printGroup = async (group: TableGroup, data: OrdersInit) => {
    const summary = await withSummary(group, 'print');
    if (summary) openReceipt(groupReceipt(summary, data, group.table_title));
  };

  const actionsFor = (group: TableGroup, data: OrdersInit): GroupActions => ({
    onStatus: (item, next) => status.mutate({ itemId: item.id, status: next }),
    onCancel: () =>
      modals.openConfirmModal({
        title: t('confirm.cancelTitle', { group: group.table_title ?? t('Dine Out / Delivery') }),
        children: t('Are you sure! This process is irreversible!'),
        labels: { confirm: t('confirm.cancelYes'), cancel: t('confirm.no') },
        confirmProps: { color: 'red' },
        onConfirm: () => cancel.mutate({ orderIds: group.order_ids }),
      }),
    onComplete: () =>
      modals.openConfirmModal({
        title: t('confirm.completeTitle', { group: group.table_title ?? t('Dine Out / Delivery') }),
        children: t('confirm.completeText'),
        labels: { confirm: t('confirm.completeYes'), cancel: t('confirm.no') },
        onConfirm: () => complete.mutate({ orderIds: group.order_ids }),
      }),
    onPay: () => void openPay(group),
    onPrint: () => void printGroup(group, data),
    busy: busy?.key === group.key ? busy.action : null,
  });

  let body;
  if (list.isPending || init.isPending) body = <Loading />;
  else if (list.isError || init.isError) body = <LoadError message={LOAD_FAILED} />;
  else if (list.data.groups.length === 0)
    body = <EmptyState icon={IconToolsKitchen2} title={t('No Orders Pending!')} text={t('empty.text')} />;
  else {
    const data = init.data;
    body = (
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {list.data.groups.map((group) => (
          <TableGroupCard key={group.key} group={group} init={data} actions={actionsFor(group, data)} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack>
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} />}
            onClick={() => void refresh()}
            loading={refreshing}
          >
            {t('refresh')}
          </Button>
        }
      />
      {body}
      <Modal opened={statusDone} onClose={() => setStatusDone(false)} title={t('Success!')} size="sm">
        <Stack align="center" gap="md" ta="center">
          <IconCircleCheck size={56} color="var(--mantine-color-teal-7)" aria-hidden />
          <Text>{t(ORDER_ITEM_STATUS_UPDATED)}</Text>
          <Button onClick={() => setStatusDone(false)} fullWidth>
            {t('ok')}
          </Button>
        </Stack>
      </Modal>
      {pay && init.data && (
        <PayDialog
          key={pay.n}
          summary={pay.summary}
          init={init.data}
          opened={payOpened}
          onClose={() => setPayOpened(false)}
          onPrint={(paid, payment) => {
            const totals = { subtotal: paid.subTotal, taxTotal: paid.taxTotal, total: paid.total };
            openReceipt(
              groupReceipt({ ...pay.summary, ...totals }, init.data, pay.tableTitle, {
                ...payment,
                change: paid.change,
              }),
            );
          }}
        />
      )}
    </Stack>
  );
}

/** A table group's receipt: its orders' lines and the summary's (server) totals, printed now. */
function groupReceipt(
  summary: OrderSummary,
  init: OrdersInit,
  tableTitle: string | null,
  payment?: ReceiptData['payment'],
): ReceiptData {
  return receiptFromOrders({
    orders: summary.orders,
    totals: { subtotal: summary.subtotal, taxTotal: summary.taxTotal, total: summary.total },
    store: init.storeSettings,
    print: init.printSettings,
    currency: init.currency,
    payment,
    header: { tableTitle, date: new Date().toISOString() },
  });
}
