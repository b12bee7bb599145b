import {
  type CartTotals,
  type CustomerType,
  type DeliveryType,
  type Order,
  type PrintSettings,
  type StoreSettings,
  fromMinor,
} from '@comanda/core';
import type { ReceiptData } from '../../lib/print.ts';
import type { CartLine } from './cart.ts';

/**
 * The receipt of an order paid while the server could not be reached (docs/offline.md): the cart's
 * lines and the totals of the one totals function the server also bills with, the provisional token,
 * and a note that says so. Reprinted from Invoices after the sync, it carries the real token.
 */
export function receiptFromCart(input: {
  cart: readonly CartLine[];
  totals: CartTotals;
  store: StoreSettings;
  print: PrintSettings;
  currency: ReceiptData['currency'];
  tokenNo: string;
  deliveryType: DeliveryType;
  customerName: string | null;
  tableTitle: string | null;
  payment: { type: string; tenderedMinor: number | null };
}): ReceiptData {
  const { digits } = input.currency;
  const money = (minor: number) => fromMinor(minor, digits);
  const now = new Date();
  const { tenderedMinor } = input.payment;
  return {
    store: {
      storeName: input.store.storeName,
      address: input.store.address,
      phone: input.store.phone,
      email: input.store.email,
      image: input.store.image,
    },
    print: input.print,
    currency: input.currency,
    timezone: input.store.timezone,
    tokenNo: input.tokenNo,
    provisional: true,
    businessDate: now.toLocaleDateString('sv', { timeZone: input.store.timezone }),
    date: now.toISOString(),
    customerType: input.customerName ? 'CUSTOMER' : 'WALKIN',
    customerName: input.customerName,
    deliveryType: input.deliveryType,
    tableTitle: input.tableTitle,
    lines: input.cart.map((l) => ({
      title: l.title,
      variantTitle: l.variant,
      addons: l.addons,
      notes: l.notes.trim() || null,
      quantity: l.quantity,
      price: money(l.unitMinor),
      amount: money(l.unitMinor * l.quantity),
    })),
    subtotal: money(input.totals.itemsTotal),
    taxTotal: money(input.totals.taxTotal),
    total: money(input.totals.payableTotal),
    payment: {
      type: input.payment.type,
      tendered: tenderedMinor === null ? null : money(tenderedMinor),
      change: tenderedMinor === null ? null : money(tenderedMinor - input.totals.payableTotal),
    },
  };
}

/**
 * An order sent to the kitchen while the server could not be reached, as Table Orders shows it until it
 * syncs: the cart at the device's figures, with the provisional token. Its ids are negative (none yet at
 * the server), so nothing can name one of its lines; the group can still be cancelled, completed or paid,
 * by the order's uuid (lib/offline/sync.ts finds the server's id on replay).
 */
export function previewOrder(input: {
  uuid: string;
  provisionalToken: string;
  cart: readonly CartLine[];
  totals: CartTotals;
  digits: number;
  currency: string;
  deliveryType: DeliveryType;
  customer: { id: number; name: string; phone: string } | null;
  table: { id: number; title: string; floor: string | null } | null;
}): Order & { provisional_token: string } {
  const money = (minor: number) => fromMinor(minor, input.digits);
  const now = new Date().toISOString();
  const id = -Date.now();
  const customerType: CustomerType = input.customer ? 'CUSTOMER' : 'WALKIN';
  return {
    id,
    uuid: input.uuid,
    token_no: 0,
    provisional_token: input.provisionalToken,
    business_date: now.slice(0, 10),
    date: now,
    source: 'pos',
    delivery_type: input.deliveryType,
    customer_type: customerType,
    customer_id: input.customer?.id ?? null,
    customer_name: input.customer?.name ?? null,
    customer_phone: input.customer?.phone ?? null,
    table_id: input.table?.id ?? null,
    table_title: input.table?.title ?? null,
    floor: input.table?.floor ?? null,
    status: 'created',
    payment_status: 'pending',
    invoice_id: null,
    currency: input.currency,
    sub_total: money(input.totals.itemsTotal),
    tax_total: money(input.totals.taxTotal),
    total: money(input.totals.payableTotal),
    changed_at: null,
    items: input.cart.map((l, i) => {
      const figures = input.totals.lines[i];
      return {
        id: id - i - 1,
        uuid: l.uuid,
        order_id: id,
        item_id: l.item_id,
        item_title: l.title,
        variant_id: l.variant_id,
        variant_title: l.variant,
        variant_price: null,
        addons: l.addons.map((title, j) => ({ id: l.addons_ids[j] ?? 0, title, price: 0 })),
        notes: l.notes.trim() || null,
        quantity: l.quantity,
        price: money(l.unitMinor),
        amount: money(l.unitMinor * l.quantity),
        net: money(figures?.netMinor ?? 0),
        tax: money(figures?.taxMinor ?? 0),
        total: money(figures?.totalMinor ?? 0),
        tax_title: l.tax_title,
        tax_rate: l.taxRateBp / 100,
        tax_type: l.tax_type,
        status: 'created',
        seat: l.seat ?? null,
        date: now,
        updated_at: now,
        void_reason: null,
        voided_at: null,
      };
    }),
  };
}
