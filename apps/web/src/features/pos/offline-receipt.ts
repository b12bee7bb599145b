import {
  type CartTotals,
  type DeliveryType,
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
