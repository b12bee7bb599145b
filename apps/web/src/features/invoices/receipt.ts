import { currencyDigits, type Invoice, type InvoicesInit, type Order } from '@comanda/core';
import { receiptFromOrders, type ReceiptData } from '../../lib/print.ts';

/**
 * An invoice's receipt (SPEC §2 Invoices print preview): the invoice's own totals, payment, date and
 * guest, and the lines of the orders it paid as they were billed. The receipt number is the first
 * order's token and day.
 */
export function invoiceReceipt(invoice: Invoice, orders: Order[], init: InvoicesInit): ReceiptData {
  const first = invoice.orders[0];
  const payments = invoice.payments;
  const single = payments.length === 1 ? payments[0] : undefined;
  return receiptFromOrders({
    orders,
    totals: { subtotal: invoice.sub_total, taxTotal: invoice.tax_total, total: invoice.total },
    store: init.storeSettings,
    print: init.printSettings,
    // An invoice keeps the currency it was billed in, even after the store changed its currency.
    currency:
      invoice.currency === init.currency.code
        ? init.currency
        : { code: invoice.currency, symbol: invoice.currency, digits: currencyDigits(invoice.currency) },
    payment: payments.length
      ? {
          type: payments.map((p) => p.payment_type).join(', '),
          // Tendered and change are one payment's; a split bill prints only its types.
          tendered: single?.tendered ?? null,
          change: single?.change ?? null,
        }
      : null,
    header: {
      tokenNo: first?.token_no ?? null,
      businessDate: first?.business_date ?? invoice.created_at.slice(0, 10),
      date: invoice.created_at,
      customerType: invoice.customer_type,
      customerName: invoice.name,
      deliveryType: invoice.delivery_type,
      tableTitle: invoice.table_title,
    },
  });
}
