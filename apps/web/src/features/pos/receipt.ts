import type { Order, PosInit } from '@comanda/core';
import type { ReceiptData } from '../../lib/print.ts';

/**
 * The receipt of a bill from the SERVER's figures (its lines' price and amount, its subtotal, tax and
 * total) and the store's print settings; cancelled lines are not billed, so not printed.
 */
export function receiptOf(
  order: Order,
  init: Pick<PosInit, 'storeSettings' | 'printSettings' | 'currency'>,
  payment: ReceiptData['payment'],
): ReceiptData {
  const { storeName, address, phone, email, image, timezone } = init.storeSettings;
  return {
    store: { storeName, address, phone, email, image },
    print: init.printSettings,
    currency: init.currency,
    timezone,
    tokenNo: order.token_no,
    businessDate: order.business_date,
    date: order.date,
    customerType: order.customer_type,
    customerName: order.customer_name,
    deliveryType: order.delivery_type,
    tableTitle: order.table_title,
    lines: order.items
      .filter((i) => i.status !== 'cancelled')
      .map((i) => ({
        title: i.item_title,
        variantTitle: i.variant_title,
        addons: i.addons.map((a) => a.title),
        notes: i.notes,
        quantity: i.quantity,
        price: i.price,
        amount: i.amount,
      })),
    subtotal: order.sub_total,
    taxTotal: order.tax_total,
    total: order.total,
    payment,
  };
}
