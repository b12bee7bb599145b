import { type Refund, currencyDigits, fromMinor } from '@comanda/core';
import type * as repo from './refunds.repo.ts';

type RefundRow = Awaited<ReturnType<typeof repo.refundsOf>>[number];
type LineRow = Awaited<ReturnType<typeof repo.linesOf>>[number];

/** Refunds as an invoice shows them: amounts in the invoice currency's decimals, each with its lines. */
export function presentRefunds(rows: RefundRow[], lines: LineRow[]): Refund[] {
  return rows.map(({ refund, userName }) => {
    const digits = currencyDigits(refund.currency);
    return {
      id: refund.id,
      invoice_id: refund.invoiceId,
      created_at: refund.createdAt.toISOString(),
      reason: refund.reason,
      payment_type: refund.paymentTypeTitle,
      currency: refund.currency,
      sub_total: fromMinor(refund.netMinor, digits),
      tax_total: fromMinor(refund.taxMinor, digits),
      total: fromMinor(refund.totalMinor, digits),
      created_by: userName,
      lines: lines
        .filter((l) => l.refundId === refund.id)
        .map((l) => ({
          order_item_id: l.orderItemId,
          item_title: l.itemTitle,
          quantity: l.quantity,
          total: fromMinor(l.totalMinor, digits),
        })),
    };
  });
}
