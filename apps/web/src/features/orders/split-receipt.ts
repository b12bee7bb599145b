import {
  type OrderSummary,
  type OrdersInit,
  type SplitPaid,
  currencyDigits,
  formatMoney,
  fromMinor,
} from '@comanda/core';
import { type ReceiptData, receiptFromOrders } from '../../lib/print.ts';
import { minorOf } from './money.ts';

/**
 * The receipt of one part of a split bill: the part's shares of the lines (a line shared between parts
 * prints as its share, "Soda (1/4)"), the part's server totals and its payments. Several payments print
 * as one line naming each ("Cash $5.00 + Card $6.50"); the tendered and change are the cash ones'.
 */
export function partReceipt(
  summary: OrderSummary,
  init: OrdersInit,
  paid: SplitPaid,
  partNo: number,
  title: string,
): ReceiptData | null {
  const part = paid.parts.find((p) => p.part_no === partNo);
  if (!part) return null;
  const digits = currencyDigits(summary.currency);
  const items = new Map(summary.orders.flatMap((o) => o.items).map((i) => [i.id, i]));
  const base = receiptFromOrders({
    orders: summary.orders,
    totals: { subtotal: part.sub_total, taxTotal: part.tax_total, total: part.total },
    store: init.storeSettings,
    print: init.printSettings,
    currency: init.currency,
    header: { tableTitle: title, date: new Date().toISOString() },
  });
  const lines = part.lines.map((share) => {
    const item = items.get(share.line_id);
    const units = item && share.share_den === item.quantity;
    // What the line shows as its amount: before tax when tax is added on top, with it otherwise; and
    // before its discount, which prints under it (taken off that same price), so the line adds up.
    const after = item?.tax_type === 'exclusive' ? share.net : share.total;
    const amount = fromMinor(minorOf(after, digits) + minorOf(share.discount, digits), digits);
    const quantity = units ? share.share_num : 1;
    return {
      title:
        units || share.share_num === share.share_den
          ? share.item_title
          : `${share.item_title} (${share.share_num}/${share.share_den})`,
      variantTitle: item?.variant_title ?? null,
      addons: item?.addons.map((a) => a.title) ?? [],
      notes: item?.notes ?? null,
      quantity,
      price: units && item ? item.price : amount,
      amount,
      discount: share.discount > 0 ? { amount: share.discount, percent: null, reason: null } : null,
    };
  });
  const tendered = part.payments.filter((p) => p.tendered !== null);
  const sum = (values: number[]) =>
    fromMinor(
      values.reduce((s, v) => s + minorOf(v, digits), 0),
      digits,
    );
  const money = (amount: number) => formatMoney(minorOf(amount, digits), summary.currency);
  return {
    ...base,
    // Each part its own receipt number: the bill's, then the part's (stable: part_no is the server's).
    part: { no: part.part_no, of: paid.parts.length },
    lines,
    extras: {
      // The part's discount is printed line by line (above), not again as a row.
      discount: 0,
      discountReason: null,
      serviceCharge: part.service_charge,
      tip: part.tip,
    },
    payment: {
      type:
        part.payments.length === 1
          ? (part.payments[0]?.payment_type ?? '')
          : part.payments.map((p) => `${p.payment_type} ${money(p.amount)}`).join(' + '),
      tendered: tendered.length ? sum(tendered.map((p) => p.tendered ?? 0)) : null,
      change: tendered.length ? sum(tendered.map((p) => p.change ?? 0)) : null,
    },
  };
}
