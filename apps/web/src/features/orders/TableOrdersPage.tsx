import { Button, SimpleGrid, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconRefresh, IconToolsKitchen2 } from '@tabler/icons-react';
import { canDo, type OrderItem, type OrderSummary, type OrdersInit, fromMinor } from '@comanda/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useOffline } from '../../lib/offline/use-offline.tsx';
import { useOutboxCall } from '../../lib/offline/use-outbox-call.ts';
import { openReceipt, receiptFromOrders, type ReceiptData, withLineDiscounts } from '../../lib/print.ts';
import { invalidateResources } from '../../lib/resources.ts';
import { subjectOf, useSessionUser } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { newUuid } from '../../lib/uuid.ts';
import type { SettableStatus } from './api/mutations.ts';
import { ordersInitQueryOptions, tableOrdersQueryOptions } from './api/get-table-orders.ts';
import { groupCall, paymentSummary } from './api/mutations.ts';
import { moveItem, moveTable } from './api/moves.ts';
import { markReceiptPrinted } from './api/get-floor-plan.ts';
import { FloorPlanView } from './components/FloorPlanView.tsx';
import { OrdersViewToggle } from './components/OrdersViewToggle.tsx';
import { useOrdersView } from './orders-view.ts';
import { MoveDialog } from './components/MoveDialog.tsx';
import { ACTION_FAILED, PayDialog } from './components/PayDialog.tsx';
import { SplitPayDialog } from './components/SplitPayDialog.tsx';
import { type GroupActions, TableGroupCard } from './components/TableGroupCard.tsx';
import { VoidDialog } from './components/VoidDialog.tsx';
import { type ShownGroup, isLocal, withDeviceChanges } from './device-changes.ts';
import type { CarriedExtras } from './bill-extras.ts';
import { minorOf } from './money.ts';
import { partReceipt } from './split-receipt.ts';

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
  // The floor plan (issue 31); a phone gets the list, its tables would be too small to tap.
  const [view, setView] = useOrdersView();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const onPlan = view === 'plan' && !phone;
  const init = useQuery(ordersInitQueryOptions());
  // Which group's summary call is running (Pay & Complete or Print Receipt).
  const [busy, setBusy] = useState<{ key: string; action: 'pay' | 'print' } | null>(null);
  const [pay, setPay] = useState<{
    summary: OrderSummary;
    group: ShownGroup;
    n: number;
    /** What Pay & Complete had typed when Split was tapped (discounts, tip, approval). */
    carried?: CarriedExtras;
  } | null>(null);
  const [payOpened, setPayOpened] = useState(false);
  const [move, setMove] = useState<{ group: ShownGroup; item?: OrderItem; n: number } | null>(null);
  const [moveOpened, setMoveOpened] = useState(false);
  const [splitOpened, setSplitOpened] = useState(false);
  // A void or a cancel waiting for its reason (docs/voids.md).
  const [voiding, setVoiding] = useState<
    { kind: 'line'; group: ShownGroup; item: OrderItem } | { kind: 'group'; group: ShownGroup } | null
  >(null);

  // Calls go through the outbox (docs/offline.md): the list shows them applied while they wait.
  const { entries, online } = useOffline();
  const groups = useMemo(
    () => (list.data ? withDeviceChanges(list.data.groups, entries) : []),
    [list.data, entries],
  );
  const call = useOutboxCall({ changes: ['orders'], fallback: ACTION_FAILED });
  // The display scopes read this screen; the buttons are the server's rules (docs/orders.md).
  const user = useSessionUser('tenant');
  const may = useMemo(() => {
    const subject = user ? subjectOf(user) : null;
    return {
      status: subject !== null && canDo(subject, 'orders.status'),
      manage: subject !== null && canDo(subject, 'orders.manage'),
    };
  }, [user]);
  const groupTitle = (group: ShownGroup) => group.table_title ?? t('Dine Out / Delivery');

  // The call's own toast says SPEC's 'Order Item status successfully updated!' and closes itself: no
  // 'Success!' dialog for a waiter changing lines in a rush to tap away (issue 31).
  const setStatus = (group: ShownGroup, item: OrderItem, status: SettableStatus, reasonId?: number) =>
    call.run({
      key: newUuid(),
      kind: 'item-status',
      path: `/orders/update-status/${item.id}`,
      body: reasonId === undefined ? { status } : { status, reasonId },
      orderUuids: [],
      order: null,
      preview: null,
      label: `${item.item_title} (${groupTitle(group)})`,
    });
  const closeGroup = (group: ShownGroup, kind: 'cancel' | 'complete', reasonId?: number) =>
    void call.run({
      ...groupCall(
        group,
        kind === 'cancel' ? '/orders/cancel' : '/orders/complete',
        reasonId === undefined ? {} : { reasonId },
      ),
      key: newUuid(),
      kind,
      label: groupTitle(group),
    });

  /** Moves go straight to the server, never through the outbox (docs/moves.md): not offline. */
  const moveBlockedFor = (group: ShownGroup) => {
    if (!online) return t('move.offline');
    if (group.orders.some(isLocal)) return t('move.unsynced');
    return null;
  };
  const openMove = (group: ShownGroup, item?: OrderItem) => {
    const blocked = moveBlockedFor(group);
    if (blocked) return toast.blank(blocked);
    setMove((m) => ({ group, item, n: (m?.n ?? 0) + 1 }));
    setMoveOpened(true);
  };
  const openAt = useMemo(
    () =>
      new Map(groups.flatMap((g) => (g.table_id === null ? [] : [[g.table_id, g.orders.length] as const]))),
    [groups],
  );
  const runMove = async (call: () => Promise<{ message: string }>) => {
    try {
      toast.success((await call()).message);
      return true;
    } catch (error) {
      toast.fromError(error, ACTION_FAILED);
      return false;
    } finally {
      void invalidateResources(queryClient, ['orders']);
    }
  };

  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    const result = await list.refetch();
    setRefreshing(false);
    if (result.isError) toast.error(LOAD_FAILED);
    else toast.success('Orders Loaded!');
  };

  /**
   * The group's bill: the server's, or, for a group with orders not yet synced or when the server cannot
   * be reached, the sum of the orders' own totals (each already the totals function's, line by line).
   */
  const withSummary = async (group: ShownGroup, action: 'pay' | 'print', data: OrdersInit) => {
    if (group.orders.some(isLocal)) return deviceSummary(group, data);
    setBusy({ key: group.key, action });
    try {
      return await paymentSummary({ orderIds: group.order_ids });
    } catch (error) {
      if (!(error instanceof ApiError)) return deviceSummary(group, data);
      void invalidateResources(queryClient, ['orders']);
      toast.fromError(error, ACTION_FAILED);
      return null;
    } finally {
      setBusy(null);
    }
  };

  const openPay = async (group: ShownGroup, data: OrdersInit) => {
    const summary = await withSummary(group, 'pay', data);
    if (!summary) return;
    setPay((p) => ({ summary, group, n: (p?.n ?? 0) + 1 }));
    setPayOpened(true);
  };
  // A split refused by the server: another terminal may have voided, moved or paid something meanwhile.
  // The bill is read again; changed, the split starts over on it; gone (paid elsewhere), the dialogs close.
  const reloadPay = async () => {
    if (!pay || !init.data) return;
    const summary = await withSummary(pay.group, 'pay', init.data);
    if (!summary) {
      setSplitOpened(false);
      setPayOpened(false);
    } else if (JSON.stringify(summary) !== JSON.stringify(pay.summary))
      setPay((p) => p && { ...p, summary, n: p.n + 1 });
  };
  const printGroup = async (group: ShownGroup, data: OrdersInit) => {
    const summary = await withSummary(group, 'print', data);
    if (!summary) return;
    openReceipt(groupReceipt(summary, data, group.table_title));
    // The table reads "Bill printed" on every plan; a mark that fails costs only that label.
    const synced = group.orders.filter((o) => !isLocal(o)).map((o) => o.id);
    if (synced.length)
      void markReceiptPrinted({ orderIds: synced }).then(
        () => invalidateResources(queryClient, ['orders']),
        () => undefined,
      );
  };

  const actionsFor = (group: ShownGroup, data: OrdersInit): GroupActions => ({
    // A void (a line cancelled) and a whole cancel ask for a reason first.
    onStatus: (item, next) =>
      next === 'cancelled' ? setVoiding({ kind: 'line', group, item }) : void setStatus(group, item, next),
    onCancel: () => setVoiding({ kind: 'group', group }),
    onComplete: () =>
      modals.openConfirmModal({
        title: t('confirm.completeTitle', { group: group.table_title ?? t('Dine Out / Delivery') }),
        children: t('confirm.completeText'),
        labels: { confirm: t('confirm.completeYes'), cancel: t('confirm.no') },
        onConfirm: () => closeGroup(group, 'complete'),
      }),
    onPay: () => void openPay(group, data),
    onPrint: () => void printGroup(group, data),
    busy: busy?.key === group.key ? busy.action : null,
    onMove: () => openMove(group),
    onMoveItem: (item) => openMove(group, item),
    moveBlocked: moveBlockedFor(group),
    may,
  });

  let body;
  if (list.isPending || init.isPending) body = <Loading />;
  else if (list.isError || init.isError) body = <LoadError message={LOAD_FAILED} />;
  else {
    const data = init.data;
    body =
      groups.length === 0 ? (
        <EmptyState icon={IconToolsKitchen2} title={t('No Orders Pending!')} text={t('empty.text')} />
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {groups.map((group) => (
            <TableGroupCard key={group.key} group={group} init={data} actions={actionsFor(group, data)} />
          ))}
        </SimpleGrid>
      );
    // The plan (issue 31) opens on top; the open tickets stay listed beneath it, as on the List view.
    if (onPlan)
      body = (
        <Stack gap="xl">
          <FloorPlanView
            groups={groups}
            renderGroup={(group) => (
              <TableGroupCard group={group} init={data} actions={actionsFor(group, data)} />
            )}
          />
          {body}
        </Stack>
      );
  }

  return (
    <Stack>
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          <>
            {!phone && <OrdersViewToggle view={view} onChange={setView} />}
            <Button
              variant="default"
              leftSection={<IconRefresh size={18} />}
              onClick={() => void refresh()}
              loading={refreshing}
            >
              {t('refresh')}
            </Button>
          </>
        }
      />
      {body}
      {move && (
        <MoveDialog
          key={move.n}
          opened={moveOpened}
          onClose={() => setMoveOpened(false)}
          title={
            move.item
              ? t('move.itemTitle', { title: move.item.item_title, table: groupTitle(move.group) })
              : t('move.tableTitle', { table: groupTitle(move.group) })
          }
          from={move.group.table_id}
          openAt={openAt}
          item={move.item}
          onMove={(key, tableId, quantity) =>
            runMove(() =>
              move.item
                ? moveItem(move.item.id, { tableId, quantity }, key)
                : moveTable({ orderIds: move.group.order_ids, tableId }, key),
            )
          }
        />
      )}
      <VoidDialog
        opened={voiding !== null}
        title={
          voiding?.kind === 'line'
            ? t('void.lineTitle', { quantity: voiding.item.quantity, item: voiding.item.item_title })
            : t('confirm.cancelTitle', { group: voiding ? groupTitle(voiding.group) : '' })
        }
        text={
          voiding?.kind === 'line' ? t('void.lineText') : t('Are you sure! This process is irreversible!')
        }
        confirmLabel={voiding?.kind === 'line' ? t('void.confirm') : t('confirm.cancelYes')}
        onClose={() => setVoiding(null)}
        onConfirm={(reasonId) => {
          if (voiding?.kind === 'line') void setStatus(voiding.group, voiding.item, 'cancelled', reasonId);
          else if (voiding) closeGroup(voiding.group, 'cancel', reasonId);
        }}
      />
      {pay && init.data && (
        <PayDialog
          key={pay.n}
          summary={pay.summary}
          init={init.data}
          opened={payOpened}
          onClose={() => setPayOpened(false)}
          onSplit={
            pay.group.orders.some(isLocal)
              ? undefined
              : (carried) => {
                  setPay((p) => p && { ...p, carried });
                  setPayOpened(false);
                  setSplitOpened(true);
                }
          }
          onPay={(key, body) =>
            call.run({
              ...groupCall(pay.group, '/orders/complete-and-pay-order', body),
              key,
              kind: 'table-pay',
              label: groupTitle(pay.group),
            })
          }
          onPrint={(paid, payment, discountReason) => {
            const totals = { subtotal: paid.subTotal, taxTotal: paid.taxTotal, total: paid.total };
            const receipt = {
              ...groupReceipt({ ...pay.summary, ...totals }, init.data, pay.group.table_title, {
                ...payment,
                change: paid.change,
              }),
              extras: { ...paid, discountReason },
            };
            openReceipt(withLineDiscounts(receipt, paid.lineDiscounts, init.data.currency.digits));
          }}
        />
      )}
      {pay && init.data && splitOpened && (
        <SplitPayDialog
          key={`split-${pay.n}`}
          summary={pay.summary}
          carried={pay.carried}
          init={init.data}
          opened={splitOpened}
          onClose={() => setSplitOpened(false)}
          onPay={(key, body) =>
            call.run({
              ...groupCall(pay.group, '/orders/pay-split', body),
              key,
              kind: 'table-pay',
              label: groupTitle(pay.group),
            })
          }
          onRefused={() => void reloadPay()}
          onPrint={(paid, partNo) => {
            const title = `${pay.group.table_title ?? t('Dine Out / Delivery')} · ${t('split.part', { n: partNo })}`;
            const receipt = partReceipt(pay.summary, init.data, paid, partNo, title);
            if (receipt) openReceipt(receipt);
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

/** A group's bill from its orders' own totals, when the server's cannot be had (minor units, exact). */
function deviceSummary(group: ShownGroup, init: OrdersInit): OrderSummary {
  const { digits, code } = init.currency;
  const sum = (pick: (o: ShownGroup['orders'][number]) => number) =>
    fromMinor(
      group.orders.reduce((total, o) => total + minorOf(pick(o), digits), 0),
      digits,
    );
  return {
    subtotal: sum((o) => o.sub_total),
    taxTotal: sum((o) => o.tax_total),
    total: sum((o) => o.total),
    currency: code,
    orders: group.orders,
  };
}
