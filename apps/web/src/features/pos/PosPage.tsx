import { Group } from '@mantine/core';
import { useCallbackRef, useMediaQuery } from '@mantine/hooks';
import {
  type DeliveryType,
  type MenuItem,
  type ServerDraft,
  formatMoney,
  type OrderCreated,
  type OrderInvoiced,
  type PickedCustomer,
  type PosInit,
  type QrOrder,
  fromMinor,
  shouldPrintToken,
  toMinor,
} from '@comanda/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useTableParam } from './use-table-param.ts';
import { nextProvisionalToken } from '../../lib/offline/outbox.ts';
import { submit } from '../../lib/offline/sync.ts';
import { useOffline } from '../../lib/offline/use-offline.tsx';
import { useSyncedToken } from '../../lib/offline/use-synced-token.ts';
import { invalidateResources } from '../../lib/resources.ts';
import { newUuid } from '../../lib/uuid.ts';
import { openReceipt, openToken, receiptFromOrders } from '../../lib/print.ts';
import { toast } from '../../lib/toast.ts';
import { posInitQueryKey, posInitQueryOptions } from './api/get-pos-init.ts';
import { qrOrdersCountQueryOptions } from './api/get-qr-orders.ts';
import { type PosOrderInput, type PosPaidOrderInput, orderCall, payCall } from './api/mutations.ts';
import { deleteServerDraft, draftsQueryKey, draftsQueryOptions, saveServerDraft } from './api/drafts.ts';
import { previewOrder, receiptFromCart } from './offline-order.ts';
import {
  type CartLine,
  addLine,
  cartPayload,
  hasOptions,
  lineFor,
  minor,
  repriced,
  totalsOf,
} from './cart.ts';
import { clearOpenTicket, readOpenTicket, writeOpenTicket } from './open-ticket.ts';
import { moveLocalDrafts } from './local-drafts.ts';
import { useLeaveTicketGuard } from './use-leave-guard.ts';
import { AskTableDialog } from './components/AskTableDialog.tsx';
import { type LineEdit, LineEditor } from './components/LineEditor.tsx';
import { PhoneTicket } from './components/PhoneTicket.tsx';
import { CartOptions } from './components/CartOptions.tsx';
import { CartPanel } from './components/CartPanel.tsx';
import { DraftsDialog } from './components/DraftsDialog.tsx';
import { type GridItem, ItemGrid } from './components/ItemGrid.tsx';
import { ItemPickerDialog } from './components/ItemPickerDialog.tsx';
import { type PayChoice, PayDialog } from './components/PayDialog.tsx';
import { PosActions } from './components/PosActions.tsx';
import { PosSkeleton } from './components/PosSkeleton.tsx';
import { QrOrdersDialog } from './components/QrOrdersDialog.tsx';
import classes from './components/pos.module.css';
import type { CustomerPickerProps } from '../../lib/customer-picker.ts';
import type { QrOrdersStripProps } from '../../lib/qr-orders-strip.ts';

type Picker = ComponentType<CustomerPickerProps>;

/**
 * /dashboard/pos (SPEC §2 POS): the two-panel skeleton until GET /pos/init answers (a failed load
 * stays loading, the error only logged: SPEC §4), then the screen.
 */
export function PosPage({
  CustomerPicker,
  ShiftHint,
  QrStrip,
}: {
  CustomerPicker: Picker;
  ShiftHint?: ComponentType;
  /** The waiting QR orders (the qr-orders feature's strip); a tap loads one into the cart. */
  QrStrip?: ComponentType<QrOrdersStripProps>;
}) {
  const { t } = useTranslation('pos');
  const init = useQuery(posInitQueryOptions());
  useEffect(() => {
    if (init.error) console.error(init.error);
  }, [init.error]);

  if (!init.data)
    return (
      <div className={classes.page}>
        <PageHeader title={t('title')} />
        <PosSkeleton />
      </div>
    );
  return (
    <PosScreen init={init.data} CustomerPicker={CustomerPicker} ShiftHint={ShiftHint} QrStrip={QrStrip} />
  );
}

function PosScreen({
  init,
  CustomerPicker,
  ShiftHint,
  QrStrip,
}: {
  init: PosInit;
  CustomerPicker: Picker;
  ShiftHint?: ComponentType | undefined;
  QrStrip?: ComponentType<QrOrdersStripProps> | undefined;
}) {
  const { t } = useTranslation('pos');
  const tt = useTranslation('posTicket').t;
  const queryClient = useQueryClient();
  const { code: currency, digits } = init.currency;
  const timezone = init.storeSettings.timezone;
  const allowNameTags = init.allowNameTags ?? false;
  // Below a tablet in landscape the header's buttons get a row of their own.
  // Read at the first render (no server rendering here): a first frame laid out for a wide screen
  // squeezed the title beside four buttons on a phone, and cost a tablet a second render.
  const narrow = useMediaQuery('(max-width: 62em)', false, { getInitialValueInEffect: false });
  // A phone: the ticket opens in a sheet from a floating bar (the CSS breakpoint of one column).
  const phone = useMediaQuery('(max-width: 40em)', false, { getInitialValueInEffect: false });
  const { tenantId } = useOffline();
  const menu = useMemo(() => new Map(init.menuItems.map((i) => [i.id, i])), [init.menuItems]);

  // The terminal's open ticket, as it was left (another screen, a reload, another staff member signed
  // in on this tablet): priced again from today's menu.
  const [saved] = useState(() => readOpenTicket(tenantId));
  const [cart, setCart] = useState<CartLine[]>(() => (saved ? repriced(saved.cart, menu, digits) : []));
  // One uuid per cart: the order's id at the server and the Idempotency-Key of its send or pay.
  const [orderUuid, setOrderUuid] = useState(() => saved?.orderUuid ?? newUuid());
  const [customer, setCustomer] = useState<PickedCustomer | null>(saved?.customer ?? null);
  const [deliveryType, setDeliveryType] = useState<DeliveryType>(saved?.deliveryType ?? 'dinein');
  const [tableId, setTableId] = useState<number | null>(saved?.tableId ?? null);
  const [nameTag, setNameTag] = useState(saved?.nameTag ?? '');
  useTableParam(
    useMemo(() => init.storeTables.map((tb) => tb.id), [init.storeTables]),
    useCallback((id: number) => {
      setDeliveryType('dinein');
      setTableId(id);
    }, []),
  );
  const [qrOrder, setQrOrder] = useState<QrOrder | null>(saved?.qrOrder ?? null);
  useEffect(() => {
    writeOpenTicket(tenantId, { orderUuid, cart, customer, deliveryType, tableId, nameTag, qrOrder });
  }, [tenantId, orderUuid, cart, customer, deliveryType, tableId, nameTag, qrOrder]);
  // Remounting the grid (a new key) resets its category and search: New starts afresh.
  const [filterKey, setFilterKey] = useState(0);
  const [editing, setEditing] = useState<string | null>(null);
  const [ticketOpen, setTicketOpen] = useState(false);
  // A dine-in send or pay without a table asks for one first, then goes on.
  const [askTable, setAskTable] = useState(false);
  // The last order's token: the server's, or this device's provisional one until the order syncs.
  const [lastOrder, setLastOrder] = useState<{ uuid: string; token: number | string } | null>(null);
  const syncedToken = useSyncedToken(lastOrder?.uuid ?? null);
  const tokenNo = syncedToken ?? lastOrder?.token ?? null;
  const [busy, setBusy] = useState(false);
  // A second tap before the re-render sees `busy` must not send the cart again.
  const busyRef = useRef(false);
  const hold = (on: boolean) => {
    busyRef.current = on;
    setBusy(on);
  };
  // The cart is still while its order is on its way: a tap meant for the next guest would otherwise
  // change a line being sent (the same line, one more) and be lost with it.
  const editCart = useCallback((change: (cart: CartLine[]) => CartLine[]) => {
    if (!busyRef.current) setCart(change);
  }, []);
  const [picking, setPicking] = useState<{ item: MenuItem | null; key: number }>({ item: null, key: 0 });
  const [dialog, setDialog] = useState<'drafts' | 'qr' | 'pay' | null>(null);

  const qrCount = useQuery(qrOrdersCountQueryOptions()).data?.totalQROrders ?? 0;
  const drafts = useQuery({ ...draftsQueryOptions(), enabled: dialog === 'drafts' });
  // Worked out once per menu, not per card render: a 300-item grid stays instant.
  const gridItems = useMemo<GridItem[]>(
    () =>
      init.menuItems.map((item) => ({
        item,
        priceMinor: minor(item.price, digits),
        key: item.title.toLowerCase(),
      })),
    [init.menuItems, digits],
  );
  const totals = useMemo(() => totalsOf(cart), [cart]);

  // Stable, so a tap re-renders the cart and none of the cards.
  const pick = useCallback(
    (item: MenuItem) => {
      if (hasOptions(item)) setPicking((p) => ({ item, key: p.key + 1 }));
      else editCart((c) => addLine(c, lineFor(item, digits)));
    },
    [digits, editCart],
  );

  // Handlers handed to memoised parts are stable (only setters, or useCallbackRef), so a tap
  // re-renders the cart's changed line and totals and nothing else.
  const onEditLine = useCallback((uuid: string) => setEditing(uuid), []);
  const closeEditor = useCallback(() => setEditing(null), []);
  const saveLine = useCallback(
    (uuid: string, edit: LineEdit) => {
      editCart((c) => c.map((l) => (l.uuid === uuid ? { ...l, ...edit, notes: edit.notes.trim() } : l)));
      setEditing(null);
    },
    [editCart],
  );
  const removeLine = useCallback(
    (uuid: string) => {
      editCart((c) => c.filter((l) => l.uuid !== uuid));
      setEditing(null);
    },
    [editCart],
  );
  const closeDialog = useCallback(() => setDialog(null), []);
  const openQr = useCallback(() => setDialog('qr'), []);
  const openDrafts = useCallback(() => setDialog('drafts'), []);
  const closePicker = useCallback(() => setPicking((p) => ({ ...p, item: null })), []);
  const addPicked = useCallback(
    (line: CartLine) => {
      editCart((c) => addLine(c, line));
      setPicking((p) => ({ ...p, item: null }));
    },
    [editCart],
  );

  const clearCart = useCallback(() => {
    setCart([]);
    setOrderUuid(newUuid());
    setQrOrder(null);
  }, []);

  const startNew = useCallback(() => {
    clearCart();
    setCustomer(null);
    setTableId(null);
    setNameTag('');
    setDeliveryType('dinein');
    setFilterKey((k) => k + 1);
  }, [clearCart]);

  // The table the cart is for, if any (the outbox's label, the offline preview and receipt).
  const table = init.storeTables.find((tb) => tb.id === tableId);

  const tag = deliveryType === 'dinein' ? nameTag.trim() : '';
  /** Whom the order is for, as the outbox's list and the drafts name it. */
  const describeOrder = () =>
    customer?.name ?? qrOrder?.customer_name ?? table?.table_title ?? (tag || t('drafts.walkin'));

  const orderBody = (chosen: { tableId?: number; nameTag?: string } = {}): PosOrderInput => ({
    uuid: orderUuid,
    cart: cartPayload(cart, digits),
    deliveryType,
    customerType: customer ? 'CUSTOMER' : 'WALKIN',
    customerId: customer?.id ?? null,
    tableId: deliveryType === 'dinein' ? (chosen.tableId ?? tableId) : null,
    ...(deliveryType === 'dinein' && (chosen.nameTag ?? tag) ? { nameTag: chosen.nameTag ?? tag } : {}),
    selectedQrOrderItem: qrOrder?.id ?? null,
  });

  /** A dine-in ticket sent goes to a table (or a name tag, when the store allows them): ask when it has none. */
  const needsTable = () => deliveryType === 'dinein' && tableId === null && !(allowNameTags && tag);

  const cartEmpty = () => {
    if (cart.length > 0) return false;
    toast.error(t('Cart is empty!'));
    return true;
  };

  const printToken = (token: number | string, provisional: boolean) => {
    const print = init.printSettings;
    if (shouldPrintToken(deliveryType, print))
      openToken(
        {
          tokenNo: token,
          provisional,
          date: new Date().toISOString(),
          timezone,
          pageFormat: print.pageFormat,
        },
        true,
      );
  };

  /**
   * Send and pay go through the outbox (docs/offline.md): online the server answers within the wait
   * and the screen goes on as it always has; otherwise the cashier gets a provisional token at once and
   * the order syncs when the network returns. A refusal seen while waiting keeps the cart.
   */
  const send = async (chosen: { tableId?: number; nameTag?: string } = {}) => {
    if (cartEmpty() || busyRef.current) return;
    if (chosen.tableId === undefined && !chosen.nameTag && needsTable()) return setAskTable(true);
    const body = orderBody(chosen);
    const sentTable = init.storeTables.find((tb) => tb.id === body.tableId);
    hold(true);
    const waiting = toast.loadingIfSlow('Please wait...');
    try {
      const provisionalToken = await nextProvisionalToken();
      const preview = previewOrder({
        uuid: body.uuid,
        provisionalToken,
        cart,
        totals,
        digits,
        currency,
        deliveryType,
        customer,
        // Only a dine-in order sits at a table (as orderBody sends it).
        table: sentTable ? { id: sentTable.id, title: sentTable.table_title, floor: sentTable.floor } : null,
      });
      const outcome = await submit({
        ...orderCall(tenantId, body, provisionalToken, describeOrder()),
        preview,
      });
      if (outcome.status === 'refused') return toast.fromError(outcome.error, 'Something went wrong!');
      if (outcome.status === 'synced') {
        const res = outcome.answer as OrderCreated;
        toast.success(res.message);
        setLastOrder({ uuid: body.uuid, token: res.tokenNo });
        printToken(res.tokenNo, false);
      } else {
        toast.blank(t('offline.queued', { token: provisionalToken }));
        setLastOrder({ uuid: body.uuid, token: provisionalToken });
        printToken(provisionalToken, true);
      }
      void invalidateResources(queryClient, ['orders', 'qr_orders']);
      clearCart();
    } finally {
      waiting();
      hold(false);
    }
  };
  const sendOrder = useCallbackRef(() => void send());
  const pickTable = useCallbackRef((id: number) => {
    setTableId(id);
    setAskTable(false);
    void send({ tableId: id });
  });
  const pickNameTag = useCallbackRef((name: string) => {
    setNameTag(name);
    setAskTable(false);
    void send({ nameTag: name });
  });
  const closeAsk = useCallback(() => setAskTable(false), []);

  const payOrder = async (body: PosPaidOrderInput, paymentTitle: string) => {
    if (busyRef.current) return;
    hold(true);
    const waiting = toast.loadingIfSlow('Please wait...');
    try {
      const provisionalToken = await nextProvisionalToken();
      const outcome = await submit(payCall(tenantId, body, provisionalToken, describeOrder()));
      if (outcome.status === 'refused') return toast.fromError(outcome.error, 'Something went wrong!');
      const tenderedMinor = body.payment.tendered ? toMinor(String(body.payment.tendered), digits) : null;
      const common = { store: init.storeSettings, print: init.printSettings, currency: init.currency };
      if (outcome.status === 'synced') {
        const res = outcome.answer as OrderInvoiced;
        toast.success(res.message);
        if (res.pricesChanged) {
          toast.blank(t('pay.pricesChanged'));
          void queryClient.invalidateQueries({ queryKey: posInitQueryKey });
        }
        openReceipt(
          receiptFromOrders({
            ...common,
            orders: [res.order],
            totals: { subtotal: res.order.sub_total, taxTotal: res.order.tax_total, total: res.order.total },
            payment: {
              type: paymentTitle,
              tendered: tenderedMinor === null ? null : fromMinor(tenderedMinor, digits),
              change: res.change,
            },
          }),
        );
        setLastOrder({ uuid: body.uuid, token: res.tokenNo });
      } else {
        // No answer yet: the receipt says what the device worked out, marked provisional; the server
        // bills the same cart with the same totals function when the order syncs.
        toast.blank(t('offline.queuedPaid', { token: provisionalToken }));
        openReceipt(
          receiptFromCart({
            ...common,
            cart,
            totals,
            tokenNo: provisionalToken,
            deliveryType,
            customerName: customer?.name ?? qrOrder?.customer_name ?? null,
            tableTitle: table?.table_title ?? null,
            payment: { type: paymentTitle, tenderedMinor },
          }),
        );
        setLastOrder({ uuid: body.uuid, token: provisionalToken });
      }
      void invalidateResources(queryClient, ['orders', 'qr_orders']);
      setDialog(null);
      clearCart();
    } finally {
      waiting();
      hold(false);
    }
  };

  /** Draft: the ticket goes to the user's drafts on the server (it follows them to another device). */
  const saveDraft = useCallbackRef(() => {
    if (cartEmpty() || busyRef.current) return;
    hold(true);
    saveServerDraft({
      nameRef: describeOrder(),
      cart: cartPayload(cart, digits),
      deliveryType,
      customerId: customer?.id ?? null,
      tableId: deliveryType === 'dinein' ? tableId : null,
      nameTag: tag || null,
    }).then(
      (res) => {
        hold(false);
        // The list shows it at once, newest first; the refetch confirms it.
        queryClient.setQueryData<{ drafts: ServerDraft[] }>(draftsQueryKey, (old) =>
          old ? { drafts: [res.draft, ...old.drafts.filter((d) => d.id !== res.draft.id)] } : old,
        );
        void queryClient.invalidateQueries({ queryKey: draftsQueryKey });
        startNew();
        toast.success(t('drafts.saved'));
      },
      (error: unknown) => {
        hold(false);
        // The ticket stays (and survives on this terminal): nothing is lost.
        toast.fromError(error, tt('drafts.offline'));
      },
    );
  });
  const dropDraft = useCallbackRef((draft: ServerDraft) => {
    // Gone from the list at once: opened again before the delete returns, it must not offer it.
    queryClient.setQueryData<{ drafts: ServerDraft[] }>(draftsQueryKey, (old) =>
      old ? { drafts: old.drafts.filter((d) => d.id !== draft.id) } : old,
    );
    void deleteServerDraft(draft.id)
      .catch((error: unknown) => toast.fromError(error, 'Something went wrong!'))
      .finally(() => void queryClient.invalidateQueries({ queryKey: draftsQueryKey }));
  });
  const restoreDraft = useCallbackRef((draft: ServerDraft) => {
    // Priced from today's menu; the draft leaves the list (saving again keeps it anew).
    startNew();
    setCart(repriced(draft.cart, menu, digits));
    setCustomer(draft.customer);
    setDeliveryType(draft.deliveryType);
    setTableId(draft.tableId);
    setNameTag(draft.nameTag ?? '');
    dropDraft(draft);
    setDialog(null);
  });
  const draftSummary = useCallback(
    (draft: ServerDraft) => {
      const lines = repriced(draft.cart, menu, digits);
      return {
        count: lines.reduce((n, l) => n + l.quantity, 0),
        totalMinor: totalsOf(lines).payableTotal,
        currency,
      };
    },
    [menu, digits, currency],
  );
  // Drafts an earlier version kept in this browser move to the user's account when the list opens.
  useEffect(() => {
    if (dialog !== 'drafts') return;
    void moveLocalDrafts(menu, digits).then((moved) => {
      if (moved > 0) {
        toast.success(tt('drafts.moved'));
        void queryClient.invalidateQueries({ queryKey: draftsQueryKey });
      }
    });
  }, [dialog, menu, digits, queryClient, tt]);

  const loadQrOrder = useCallbackRef((order: QrOrder) => {
    startNew();
    const lines = repriced(order.items, menu, digits);
    if (lines.length < order.items.length) toast.error(t('qr.itemsMissing'));
    setCart(lines);
    setQrOrder(order);
    setDeliveryType(order.delivery_type);
    setTableId(order.table_id);
    setDialog(null);
  });

  const submitPay = useCallbackRef(({ paymentType, tendered }: PayChoice) => {
    void payOrder(
      {
        ...orderBody(),
        netTotal: fromMinor(totals.itemsTotal, digits),
        taxTotal: fromMinor(totals.taxTotal, digits),
        total: fromMinor(totals.payableTotal, digits),
        payment: { paymentTypeId: paymentType.id, tendered },
      },
      paymentType.title,
    );
  });
  const openPay = useCallbackRef(() => {
    // Paid at once ("eat here, pay now" at a counter), a dine-in order is served by its token number and
    // never waits on Table Orders: no table is asked. A sent, unpaid one must be found again: it is.
    if (cartEmpty()) return;
    setDialog('pay');
  });

  // Leaving with an unsent ticket asks first: keep it for later (the usual answer) or discard it.
  const count = useMemo(() => cart.reduce((n, l) => n + l.quantity, 0), [cart]);
  const unsent =
    cart.length === 0
      ? null
      : tt('leave.summary', { who: describeOrder(), count, total: formatMoney(totals.payableTotal, currency) });
  // Discarded on the way out: forgotten now, as the screen may unmount before it saves the empty ticket.
  const discardTicket = useCallback(() => {
    clearOpenTicket(tenantId);
    startNew();
  }, [tenantId, startNew]);
  useLeaveTicketGuard(unsent, discardTicket);
  const openTicket = useCallback(() => setTicketOpen(true), []);
  const closeTicket = useCallback(() => setTicketOpen(false), []);
  const editingLine = editing === null ? undefined : cart.find((l) => l.uuid === editing);

  // The header changes with the QR count and the window's width, not with the cart.
  const header = useMemo(() => {
    const actions = <PosActions qrCount={qrCount} onNew={startNew} onQr={openQr} onDrafts={openDrafts} />;
    return (
      <>
        <PageHeader title={t('title')} actions={narrow ? undefined : actions} />
        {narrow && (
          <Group gap="xs" mt={-8} mb="sm" data-testid="page-actions">
            {actions}
          </Group>
        )}
      </>
    );
  }, [qrCount, narrow, startNew, openQr, openDrafts, t]);

  const cartPanel = (
    <CartPanel
      options={
        <CartOptions
          CustomerPicker={CustomerPicker}
          customer={customer}
          onCustomer={setCustomer}
          qrOrder={qrOrder}
          deliveryType={deliveryType}
          onDeliveryType={setDeliveryType}
          tables={init.storeTables}
          tableId={tableId}
          onTable={setTableId}
          allowNameTags={allowNameTags}
          nameTag={nameTag}
          onNameTag={setNameTag}
        />
      }
      cart={cart}
      totals={totals}
      currency={currency}
      onEditLine={onEditLine}
      tokenNo={tokenNo}
      busy={busy}
      onDraft={saveDraft}
      onSend={sendOrder}
      onPay={openPay}
    />
  );

  return (
    <div className={classes.page}>
      {header}
      {QrStrip && <QrStrip onOpen={loadQrOrder} />}
      <div className={classes.layout}>
        {/* Above the grid, not the whole page: the ticket keeps the height for its lines. */}
        <div className={classes.menu}>
          {ShiftHint && <ShiftHint />}
          <ItemGrid
            key={filterKey}
            items={gridItems}
            categories={init.categories}
            currency={currency}
            onPick={pick}
          />
        </div>
        {!phone && cartPanel}
      </div>
      {phone && (
        <PhoneTicket
          count={count}
          total={formatMoney(totals.payableTotal, currency)}
          opened={ticketOpen}
          onOpen={openTicket}
          onClose={closeTicket}
        >
          {cartPanel}
        </PhoneTicket>
      )}
      {editingLine && (
        <LineEditor
          key={editingLine.uuid}
          line={editingLine}
          currency={currency}
          onClose={closeEditor}
          onSave={saveLine}
          onRemove={removeLine}
        />
      )}
      {askTable && (
        <AskTableDialog
          tables={init.storeTables}
          allowNameTags={allowNameTags}
          onClose={closeAsk}
          onTable={pickTable}
          onNameTag={pickNameTag}
        />
      )}
      <ItemPickerDialog
        key={picking.key}
        item={picking.item}
        currency={currency}
        digits={digits}
        onClose={closePicker}
        onAdd={addPicked}
      />
      {/* Mounted only while open (afresh each time): closed, it would re-render on every tap. */}
      {dialog === 'pay' && (
        <PayDialog
          opened
          payableMinor={totals.payableTotal}
          currency={currency}
          digits={digits}
          paymentTypes={init.paymentTypes}
          busy={busy}
          onClose={closeDialog}
          onPay={submitPay}
        />
      )}
      <DraftsDialog
        opened={dialog === 'drafts'}
        drafts={drafts.data?.drafts}
        timezone={timezone}
        summary={draftSummary}
        onClose={closeDialog}
        onRestore={restoreDraft}
        onDelete={dropDraft}
      />
      <QrOrdersDialog opened={dialog === 'qr'} onClose={closeDialog} onLoad={loadQrOrder} />
    </div>
  );
}
