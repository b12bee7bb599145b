import { Group } from '@mantine/core';
import { useCallbackRef, useMediaQuery } from '@mantine/hooks';
import {
  type DeliveryType,
  type MenuItem,
  type OrderCreated,
  type OrderInvoiced,
  type PickedCustomer,
  type PosInit,
  type QrOrder,
  fromMinor,
  toMinor,
} from '@comanda/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';
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
import { previewOrder, receiptFromCart } from './offline-order.ts';
import {
  type CartLine,
  type Draft,
  addLine,
  cartPayload,
  changeQuantity,
  hasOptions,
  lineFor,
  minor,
  readDrafts,
  repriced,
  totalsOf,
  writeDrafts,
} from './cart.ts';
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

type Picker = ComponentType<CustomerPickerProps>;

/**
 * /dashboard/pos (SPEC §2 POS): the two-panel skeleton until GET /pos/init answers (a failed load
 * stays loading, the error only logged: SPEC §4), then the screen.
 */
export function PosPage({
  CustomerPicker,
  ShiftHint,
}: {
  CustomerPicker: Picker;
  ShiftHint?: ComponentType;
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
  return <PosScreen init={init.data} CustomerPicker={CustomerPicker} ShiftHint={ShiftHint} />;
}

function PosScreen({
  init,
  CustomerPicker,
  ShiftHint,
}: {
  init: PosInit;
  CustomerPicker: Picker;
  ShiftHint?: ComponentType | undefined;
}) {
  const { t } = useTranslation('pos');
  const queryClient = useQueryClient();
  const { code: currency, digits } = init.currency;
  const timezone = init.storeSettings.timezone;
  // Below a tablet in landscape the header's buttons get a row of their own.
  const narrow = useMediaQuery('(max-width: 62em)') ?? false;

  const [cart, setCart] = useState<CartLine[]>([]);
  // One uuid per cart: the order's id at the server and the Idempotency-Key of its send or pay.
  const [orderUuid, setOrderUuid] = useState(newUuid);
  const [customer, setCustomer] = useState<PickedCustomer | null>(null);
  const [deliveryType, setDeliveryType] = useState<DeliveryType>('dinein');
  const [tableId, setTableId] = useState<number | null>(null);
  const [qrOrder, setQrOrder] = useState<QrOrder | null>(null);
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
  const { tenantId } = useOffline();
  const [drafts, setDrafts] = useState<Draft[]>(readDrafts);
  const [picking, setPicking] = useState<{ item: MenuItem | null; key: number }>({ item: null, key: 0 });
  const [dialog, setDialog] = useState<'drafts' | 'qr' | 'pay' | null>(null);

  const qrCount = useQuery(qrOrdersCountQueryOptions()).data?.totalQROrders ?? 0;
  const menu = useMemo(() => new Map(init.menuItems.map((i) => [i.id, i])), [init.menuItems]);
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
  const onQuantity = useCallback(
    (uuid: string, delta: number) => editCart((c) => changeQuantity(c, uuid, delta)),
    [editCart],
  );
  const onNotes = useCallback(
    (uuid: string, notes: string) => editCart((c) => c.map((l) => (l.uuid === uuid ? { ...l, notes } : l))),
    [editCart],
  );
  const onSeat = useCallback(
    (uuid: string, seat: number | null) =>
      editCart((c) => c.map((l) => (l.uuid === uuid ? { ...l, seat } : l))),
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
  }, [clearCart]);

  // The table the cart is for, if any (the outbox's label, the offline preview and receipt).
  const table = init.storeTables.find((tb) => tb.id === tableId);

  /** Whom the order is for, as the outbox's list names it. */
  const describeOrder = () =>
    customer?.name ?? qrOrder?.customer_name ?? table?.table_title ?? t('drafts.walkin');

  const orderBody = (): PosOrderInput => ({
    uuid: orderUuid,
    cart: cartPayload(cart, digits),
    deliveryType,
    customerType: customer ? 'CUSTOMER' : 'WALKIN',
    customerId: customer?.id ?? null,
    tableId: deliveryType === 'dinein' ? tableId : null,
    selectedQrOrderItem: qrOrder?.id ?? null,
  });

  const cartEmpty = () => {
    if (cart.length > 0) return false;
    toast.error(t('Cart is empty!'));
    return true;
  };

  const printToken = (token: number | string, provisional: boolean) => {
    const print = init.printSettings;
    if (print.isEnablePrint && print.printToken)
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
  const send = async () => {
    if (cartEmpty() || busyRef.current) return;
    const body = orderBody();
    hold(true);
    const waiting = toast.loading('Please wait...');
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
        table:
          table && deliveryType === 'dinein'
            ? { id: table.id, title: table.table_title, floor: table.floor }
            : null,
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
      toast.dismiss(waiting);
      hold(false);
    }
  };
  const sendOrder = useCallbackRef(() => void send());

  const payOrder = async (body: PosPaidOrderInput, paymentTitle: string) => {
    if (busyRef.current) return;
    hold(true);
    const waiting = toast.loading('Please wait...');
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
      toast.dismiss(waiting);
      hold(false);
    }
  };

  const saveDraft = useCallbackRef(() => {
    if (cartEmpty()) return;
    const draft: Draft = {
      nameRef: customer?.name ?? qrOrder?.customer_name ?? table?.table_title ?? t('drafts.walkin'),
      date: new Date().toISOString(),
      cart,
      deliveryType,
      customerType: customer ? 'CUSTOMER' : 'WALKIN',
      customer,
      tableId,
    };
    const next = [...drafts, draft];
    writeDrafts(next);
    setDrafts(next);
    startNew();
    toast.success(t('drafts.saved'));
  });
  const dropDraft = useCallbackRef((draft: Draft) => {
    const next = drafts.filter((d) => d.date !== draft.date);
    writeDrafts(next);
    setDrafts(next);
  });
  const restoreDraft = useCallbackRef((draft: Draft) => {
    // Priced from today's menu; the draft leaves the list (saving again keeps it anew).
    startNew();
    setCart(repriced(draft.cart, menu, digits));
    setCustomer(draft.customer);
    setDeliveryType(draft.deliveryType);
    setTableId(draft.tableId);
    dropDraft(draft);
    setDialog(null);
  });

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
    if (cartEmpty()) return;
    setDialog('pay');
  });

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

  return (
    <div className={classes.page}>
      {header}
      {ShiftHint && <ShiftHint />}
      <div className={classes.layout}>
        <div className={classes.menu}>
          <ItemGrid items={gridItems} categories={init.categories} currency={currency} onPick={pick} />
        </div>
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
            />
          }
          cart={cart}
          totals={totals}
          currency={currency}
          onQuantity={onQuantity}
          onNotes={onNotes}
          onSeat={onSeat}
          tokenNo={tokenNo}
          busy={busy}
          onDraft={saveDraft}
          onSend={sendOrder}
          onPay={openPay}
        />
      </div>
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
        drafts={drafts}
        currency={currency}
        timezone={timezone}
        onClose={closeDialog}
        onRestore={restoreDraft}
        onDelete={dropDraft}
      />
      <QrOrdersDialog opened={dialog === 'qr'} onClose={closeDialog} onLoad={loadQrOrder} />
    </div>
  );
}
