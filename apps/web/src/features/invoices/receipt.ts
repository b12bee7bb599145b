import { currencyDigits, type Invoice, type InvoicesInit, type Order } from '@comanda/core';
import type { ReceiptData } from '../../lib/print.ts';

/**
 * An invoice's receipt (SPEC §2 Invoices print preview): the invoice's own totals and payment, and the
 * lines of the orders it paid, all at the server's figures as they were billed. Cancelled lines were
 * never billed, so they are not printed. The receipt number is the first order's token and day.
 */
export function invoiceReceipt(invoice: Invoice, orders: Order[], init: InvoicesInit): ReceiptData {
  const first = invoice.orders[0];
  const sameCurrency = invoice.currency === init.currency.code;
  const payments = invoice.payments;
  const single = payments.length === 1 ? payments[0] : undefined;
  return {
    store: init.storeSettings,
    print: init.printSettings,
    // An invoice keeps the currency it was billed in, even after the store changed its currency.
    currency: sameCurrency
      ? init.currency
      : { code: invoice.currency, symbol: invoice.currency, digits: currencyDigits(invoice.currency) },
    timezone: init.storeSettings.timezone,
    tokenNo: first?.token_no ?? null,
    businessDate: first?.business_date ?? invoice.created_at.slice(0, 10),
    date: invoice.created_at,
    customerType: invoice.customer_type,
    customerName: invoice.name,
    deliveryType: invoice.delivery_type,
    tableTitle: invoice.table_title,
    lines: orders.flatMap((order) =>
      order.items
        .filter((item) => item.status !== 'cancelled')
        .map((item) => ({
          title: item.item_title,
          variantTitle: item.variant_title,
          addons: item.addons.map((a) => a.title),
          notes: item.notes,
          quantity: item.quantity,
          price: item.price,
          amount: item.amount,
        })),
    ),
    subtotal: invoice.sub_total,
    taxTotal: invoice.tax_total,
    total: invoice.total,
    payment: payments.length
      ? {
          type: payments.map((p) => p.payment_type).join(', '),
          // Tendered and change are one payment's; a split bill prints only its types.
          tendered: single?.tendered ?? null,
          change: single?.change ?? null,
        }
      : null,
  };
}
