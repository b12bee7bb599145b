import { Badge, Button, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  type CreateOrderInput,
  type DeliveryType,
  type MenuItem,
  type PickedCustomer,
  type PosInit,
  type QrOrder,
  fromMinor,
  toMinor,
} from '@comanda/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useSaveMutation } from '../../lib/mutations.ts';
import { newUuid } from '../../lib/uuid.ts';
import { paths } from '../../lib/paths.ts';
import { openReceipt, openToken, receiptFromOrders } from '../../lib/print.ts';
import { toast } from '../../lib/toast.ts';
import { posInitQueryKey, posInitQueryOptions } from './api/get-pos-init.ts';
import { qrOrdersCountQueryOptions } from './api/get-qr-orders.ts';
import { createOrder, createOrderAndInvoice } from './api/mutations.ts';
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
import { CartPanel } from './components/CartPanel.tsx';
import { DraftsDialog } from './components/DraftsDialog.tsx';
import { type GridItem, ItemGrid } from './components/ItemGrid.tsx';
import { ItemPickerDialog } from './components/ItemPickerDialog.tsx';
import { type PayChoice, PayDialog } from './components/PayDialog.tsx';
import { PosSkeleton } from './components/PosSkeleton.tsx';
import { QrOrdersDialog } from './components/QrOrdersDialog.tsx';
import classes from './components/pos.module.css';
import type { CustomerPickerProps } from '../../lib/customer-picker.ts';

type Picker = ComponentType<CustomerPickerProps>;
/** Header buttons a little narrower than usual: title and four buttons share one row at 1024 px. */
const HEADER_PX = 14;

/**
 * /dashboard/pos (SPEC §2 POS): the two-panel skeleton until GET /pos/init answers (a failed load
 * stays loading, the error only logged: SPEC §4), then the screen.
 */
export function PosPage({ CustomerPicker }: { CustomerPicker: Picker }) {
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
  return <PosScreen init={init.data} CustomerPicker={CustomerPicker} />;
}

function PosScreen({ init, CustomerPicker }: { init: PosInit; CustomerPicker: Picker }) {
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
  const [tokenNo, setTokenNo] = useState<number | null>(null);
  const [drafts, setDrafts] = useState<Draft[]>(readDrafts);
  const [picking, setPicking] = useState<{ item: MenuItem | null; key: number }>({ item: null, key: 0 });
  const [dialog, setDialog] = useState<'drafts' | 'qr' | 'pay' | null>(null);
  const [payKey, setPayKey] = useState(0);

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
      else setCart((c) => addLine(c, lineFor(item, digits)));
    },
    [digits],
  );

  const clearCart = () => {
    setCart([]);
    setOrderUuid(newUuid());
    setQrOrder(null);
  };
  const startNew = () => {
    clearCart();
    setCustomer(null);
    setTableId(null);
  };

  const orderBody = (): CreateOrderInput => ({
    uuid: orderUuid,
    cart: cartPayload(cart, digits),
    deliveryType,
    customerType: customer ? 'CUSTOMER' : 'WALKIN',
    customerId: customer?.id ?? null,
    tableId: deliveryType === 'dinein' ? tableId : null,
    selectedQrOrderItem: qrOrder?.id ?? null,
  });

  const send = useSaveMutation({
    mutationFn: createOrder,
    changes: ['orders', 'qr_orders'],
    onSuccess: (res) => {
      setTokenNo(res.tokenNo);
      clearCart();
      const print = init.printSettings;
      if (print.isEnablePrint && print.printToken)
        openToken(
          { tokenNo: res.tokenNo, date: new Date().toISOString(), timezone, pageFormat: print.pageFormat },
          true,
        );
    },
  });

  const pay = useSaveMutation({
    mutationFn: ({ body }: { body: Parameters<typeof createOrderAndInvoice>[0]; title: string }) =>
      createOrderAndInvoice(body),
    changes: ['orders', 'qr_orders'],
    onSuccess: (res, { body, title }) => {
      if (res.pricesChanged) {
        toast.blank(t('pay.pricesChanged'));
        void queryClient.invalidateQueries({ queryKey: posInitQueryKey });
      }
      const tenderedMinor = body.payment.tendered ? toMinor(String(body.payment.tendered), digits) : null;
      openReceipt(
        receiptFromOrders({
          orders: [res.order],
          totals: { subtotal: res.order.sub_total, taxTotal: res.order.tax_total, total: res.order.total },
          store: init.storeSettings,
          print: init.printSettings,
          currency: init.currency,
          payment: {
            type: title,
            tendered: tenderedMinor === null ? null : fromMinor(tenderedMinor, digits),
            change: res.change,
          },
        }),
      );
      setTokenNo(res.tokenNo);
      setDialog(null);
      clearCart();
    },
  });
  const busy = send.isPending || pay.isPending;

  const cartEmpty = () => {
    if (cart.length > 0) return false;
    toast.error(t('Cart is empty!'));
    return true;
  };

  const saveDraft = () => {
    if (cartEmpty()) return;
    const table = init.storeTables.find((tb) => tb.id === tableId);
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
  };
  const dropDraft = (draft: Draft) => {
    const next = drafts.filter((d) => d.date !== draft.date);
    writeDrafts(next);
    setDrafts(next);
  };
  const restoreDraft = (draft: Draft) => {
    // Priced from today's menu; the draft leaves the list (saving again keeps it anew).
    startNew();
    setCart(repriced(draft.cart, menu, digits));
    setCustomer(draft.customer);
    setDeliveryType(draft.deliveryType);
    setTableId(draft.tableId);
    dropDraft(draft);
    setDialog(null);
  };

  const loadQrOrder = (order: QrOrder) => {
    startNew();
    const lines = repriced(order.items, menu, digits);
    if (lines.length < order.items.length) toast.error(t('qr.itemsMissing'));
    setCart(lines);
    setQrOrder(order);
    setDeliveryType(order.delivery_type);
    setTableId(order.table_id);
    setDialog(null);
  };

  const submitPay = ({ paymentType, tendered }: PayChoice) =>
    pay.mutate({
      title: paymentType.title,
      body: {
        ...orderBody(),
        netTotal: fromMinor(totals.itemsTotal, digits),
        taxTotal: fromMinor(totals.taxTotal, digits),
        total: fromMinor(totals.payableTotal, digits),
        payment: { paymentTypeId: paymentType.id, tendered },
      },
    });

  const customerBox = (
    <div>
      <CustomerPicker
        value={customer}
        onChange={setCustomer}
        label={customer ? t('customer.label') : t('customer.walkin')}
        compact
      />
      {qrOrder && !customer && (
        <Text fz="sm" c="grape.8" fw={600} mt={4} data-testid="qr-customer">
          {t('customer.qr', {
            name: qrOrder.customer_name || t('qr.guest'),
            phone: qrOrder.customer_id ?? '',
          })}
        </Text>
      )}
    </div>
  );

  const actions = (
    <>
      <Button variant="default" px={HEADER_PX} onClick={startNew}>
        {t('header.new')}
      </Button>
      <Button
        variant="default"
        px={HEADER_PX}
        rightSection={
          qrCount > 0 ? (
            <Badge color="red" variant="filled" circle={qrCount < 10} data-testid="qr-count">
              {qrCount}
            </Badge>
          ) : null
        }
        onClick={() => setDialog('qr')}
      >
        {t('header.qr')}
      </Button>
      <Button variant="default" px={HEADER_PX} onClick={() => setDialog('drafts')}>
        {t('header.drafts')}
      </Button>
      <Button component={Link} to={paths.dashboard.orders} variant="light" px={HEADER_PX}>
        {t('header.orders')}
      </Button>
    </>
  );

  return (
    <div className={classes.page}>
      <PageHeader title={t('title')} actions={narrow ? undefined : actions} />
      {narrow && (
        <Group gap="xs" mt={-8} mb="sm" data-testid="page-actions">
          {actions}
        </Group>
      )}
      <div className={classes.layout}>
        <div className={classes.menu}>
          <ItemGrid items={gridItems} categories={init.categories} currency={currency} onPick={pick} />
        </div>
        <CartPanel
          customerBox={customerBox}
          deliveryType={deliveryType}
          onDeliveryType={setDeliveryType}
          tables={init.storeTables}
          tableId={tableId}
          onTable={setTableId}
          cart={cart}
          totals={totals}
          currency={currency}
          onQuantity={(uuid, delta) => setCart((c) => changeQuantity(c, uuid, delta))}
          onNotes={(uuid, notes) => setCart((c) => c.map((l) => (l.uuid === uuid ? { ...l, notes } : l)))}
          tokenNo={tokenNo}
          busy={busy}
          onDraft={saveDraft}
          onSend={() => {
            if (!cartEmpty()) send.mutate(orderBody());
          }}
          onPay={() => {
            if (cartEmpty()) return;
            setPayKey((k) => k + 1);
            setDialog('pay');
          }}
        />
      </div>
      <ItemPickerDialog
        key={picking.key}
        item={picking.item}
        currency={currency}
        digits={digits}
        onClose={() => setPicking((p) => ({ ...p, item: null }))}
        onAdd={(line) => {
          setCart((c) => addLine(c, line));
          setPicking((p) => ({ ...p, item: null }));
        }}
      />
      <PayDialog
        key={payKey}
        opened={dialog === 'pay'}
        payableMinor={totals.payableTotal}
        currency={currency}
        digits={digits}
        paymentTypes={init.paymentTypes}
        busy={pay.isPending}
        onClose={() => setDialog(null)}
        onPay={submitPay}
      />
      <DraftsDialog
        opened={dialog === 'drafts'}
        drafts={drafts}
        currency={currency}
        timezone={timezone}
        onClose={() => setDialog(null)}
        onRestore={restoreDraft}
        onDelete={dropDraft}
      />
      <QrOrdersDialog opened={dialog === 'qr'} onClose={() => setDialog(null)} onLoad={loadQrOrder} />
    </div>
  );
}
