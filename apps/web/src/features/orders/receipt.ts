import type { OrderSummary, OrdersInit } from '@comanda/core';
import type { ReceiptData } from '../../lib/print.ts';

/**
 * The receipt of a table group: the summary's figures (the server's) and its orders' lines as sold;
 * cancelled lines are not billed, so they are not printed. The first order names the guest and token.
 */
export function groupReceipt(
  summary: OrderSummary,
  init: OrdersInit,
  tableTitle: string | null,
  payment?: ReceiptData['payment'],
): ReceiptData {
  const first = summary.orders[0];
  const { storeName, address, phone, email, image, timezone } = init.storeSettings;
  return {
    store: { storeName, address, phone, email, image },
    print: init.printSettings,
    currency: init.currency,
    timezone,
    tokenNo: first?.token_no ?? null,
    businessDate: first?.business_date ?? new Date().toISOString().slice(0, 10),
    date: new Date().toISOString(),
    customerType: first?.customer_type ?? 'WALKIN',
    customerName: first?.customer_name ?? null,
    deliveryType: first?.delivery_type ?? 'dinein',
    tableTitle,
    lines: summary.orders.flatMap((order) =>
      order.items
        .filter((line) => line.status !== 'cancelled')
        .map((line) => ({
          title: line.item_title,
          variantTitle: line.variant_title,
          addons: line.addons.map((a) => a.title),
          notes: line.notes,
          quantity: line.quantity,
          price: line.price,
          amount: line.amount,
        })),
    ),
    subtotal: summary.subtotal,
    taxTotal: summary.taxTotal,
    total: summary.total,
    payment: payment ?? null,
  };
}
