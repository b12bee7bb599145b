import {
  type InvoiceRefunds,
  type RefundCreated,
  type refundSchema,
  currencyDigits,
  fromMinor,
  hasScope,
  refundLineFigures,
  wallTimeIn,
} from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import { once } from '../../platform/idempotency/idempotency.ts';
import * as catalogueRepo from '../catalogue/catalogue.repo.ts';
import * as tenantsRepo from '../tenants/tenants.repo.ts';
import { reasonFor } from '../voids/voids.service.ts';
import { presentRefunds } from './refunds.presenter.ts';
import * as discountsRepo from '../discounts/discounts.repo.ts';
import * as repo from './refunds.repo.ts';

type RefundInput = z.output<typeof refundSchema>;

/** An invoiced line as the totals function reads it. */
const refundable = (line: BilledLine) => ({
  unitMinor: line.basePriceMinor + line.addonsPriceMinor,
  quantity: line.quantity,
  taxRateBp: line.taxRateBp,
  taxType: line.taxType,
  netMinor: line.netMinor,
  taxMinor: line.taxMinor,
  totalMinor: line.totalMinor,
  discountMinor: line.discountMinor,
});

/**
 * An invoice's lines with the figures they were billed at: a discounted line's after its discount
 * (docs/discounts.md), so a refund never gives back more than was paid for it.
 */
async function billedLines(tx: Tx, tenantId: number, invoiceId: number) {
  const lines = await repo.invoicedLines(tx, tenantId, invoiceId);
  const discounted = new Map(
    (await discountsRepo.listLineDiscounts(tx, tenantId, invoiceId)).map((d) => [d.orderItemId, d]),
  );
  return lines.map((l) => {
    const d = discounted.get(l.id);
    return d
      ? {
          ...l,
          netMinor: d.netMinor,
          taxMinor: d.taxMinor,
          totalMinor: d.totalMinor,
          discountMinor: d.discountMinor,
        }
      : { ...l, discountMinor: 0 };
  });
}
type BilledLine = Awaited<ReturnType<typeof billedLines>>[number];

/** An invoice's refunds as the API answers them. */
async function loadRefunds(tx: Tx, tenantId: number, invoiceId: number) {
  const rows = await repo.refundsOf(tx, tenantId, [invoiceId]);
  const lines = await repo.linesOf(
    tx,
    tenantId,
    rows.map((r) => r.refund.id),
  );
  return presentRefunds(rows, lines);
}

/**
 * Refunds of paid invoices (issue 15, docs/voids.md): whole or by line, priced by the server from the
 * invoice's own lines, never more than was billed, taken off the reports on the day they are made.
 */
export function createRefundsService(ctx: AppContext) {
  const { database } = ctx;

  return {
    /** GET /invoices/:id/refunds: the invoice's refunds and what each of its lines has left to refund. */
    async forInvoice(tc: TenantContext, invoiceId: number): Promise<InvoiceRefunds> {
      return database.inTenant(tc.tenantId, async (tx) => {
        const invoice = await repo.findInvoice(tx, tc.tenantId, invoiceId);
        if (!invoice) throw fail('invoice_not_found');
        const digits = currencyDigits(invoice.currency);
        const done = await repo.refundedQuantities(tx, tc.tenantId, invoiceId);
        const refunds = await loadRefunds(tx, tc.tenantId, invoiceId);
        const lines = await billedLines(tx, tc.tenantId, invoiceId);
        return {
          invoice_id: invoice.id,
          currency: invoice.currency,
          total: fromMinor(invoice.totalMinor, digits),
          refunded: fromMinor(await refundedTotal(tx, tc.tenantId, invoiceId), digits),
          refunds,
          paymentTypes: (await catalogueRepo.listPaymentTypes(tx, tc.tenantId))
            .filter((p) => p.isActive)
            .map((p) => ({ id: p.id, title: p.title })),
          payments: (await repo.billPayments(tx, tc.tenantId, invoiceId)).map((p) => ({
            payment_type_id: p.paymentTypeId,
            title: p.title,
            amount: fromMinor(p.amountMinor, digits),
          })),
          lines: lines.map((l) => {
            const before = done.get(l.id) ?? 0;
            return {
              order_item_id: l.id,
              item_title: l.itemTitle,
              variant_title: l.variantTitle,
              quantity: l.quantity,
              refundable: l.quantity - (done.get(l.id) ?? 0),
              price: fromMinor(l.basePriceMinor + l.addonsPriceMinor, digits),
              total: fromMinor(l.totalMinor, digits),
              refund_amounts: Array.from({ length: l.quantity - before }, (_, i) =>
                fromMinor(refundLineFigures(refundable(l), before, i + 1).totalMinor, digits),
              ),
            };
          }),
        };
      });
    },

    /**
     * POST /invoices/:id/refund: a refund of the chosen lines (or of everything not yet refunded) by one
     * payment type, with a reason. Needs MANAGER (admins pass). The invoice is locked, so two refunds
     * of it run one after the other and the second sees what the first gave back.
     */
    async refund(
      tc: TenantContext,
      invoiceId: number,
      input: RefundInput,
      key: string | undefined,
    ): Promise<RefundCreated> {
      if (!hasScope(tc, 'MANAGER')) throw fail('manager_required');
      return database.inTenant(tc.tenantId, async (tx) => {
        const request = { route: 'POST /invoices/:id/refund', body: { id: invoiceId, ...input } };
        const { answer } = await once(tx, tc.tenantId, key, request, async (): Promise<RefundCreated> => {
          const invoice = await repo.lockInvoice(tx, tc.tenantId, invoiceId);
          if (!invoice) throw fail('invoice_not_found');
          const reason = await reasonFor(tx, tc.tenantId, input.reasonId);
          const paymentType = await catalogueRepo.findPaymentType(tx, tc.tenantId, input.paymentTypeId);
          if (!paymentType) throw fail('payment_type_not_found');
          if (!paymentType.isActive) throw fail('payment_type_inactive');

          const lines = await billedLines(tx, tc.tenantId, invoiceId);
          const byId = new Map(lines.map((l) => [l.id, l]));
          const done = await repo.refundedQuantities(tx, tc.tenantId, invoiceId);
          const left = (line: BilledLine) => line.quantity - (done.get(line.id) ?? 0);
          const wanted =
            input.lines ??
            lines.filter((l) => left(l) > 0).map((l) => ({ orderItemId: l.id, quantity: left(l) }));

          const refundLines: repo.RefundLineValues[] = [];
          const sum = { net: 0, tax: 0, total: 0 };
          for (const want of wanted) {
            const line = byId.get(want.orderItemId);
            if (!line) throw fail('order_item_not_found');
            if (want.quantity > left(line))
              throw fail('refund_too_much', { left: String(left(line)), item: line.itemTitle });
            const figures = refundLineFigures(refundable(line), done.get(line.id) ?? 0, want.quantity);
            refundLines.push({
              orderItemId: line.id,
              itemId: line.itemId,
              itemTitle: line.itemTitle,
              quantity: want.quantity,
              ...figures,
            });
            sum.net += figures.netMinor;
            sum.tax += figures.taxMinor;
            sum.total += figures.totalMinor;
          }
          if (refundLines.length === 0 || sum.total <= 0) throw fail('nothing_to_refund');
          const refundedMinor = await refundedTotal(tx, tc.tenantId, invoiceId);
          if (refundedMinor + sum.total > invoice.totalMinor) throw fail('refund_exceeds_paid');

          const now = ctx.now();
          const wall = wallTimeIn(await tenantsRepo.getTimezone(tx, tc.tenantId), now);
          const row = await repo.insertRefund(
            tx,
            tc.tenantId,
            {
              invoiceId,
              reasonId: reason.id,
              reason: reason.title,
              paymentTypeId: paymentType.id,
              paymentTypeTitle: paymentType.title,
              currency: invoice.currency,
              deliveryType: invoice.deliveryType,
              netMinor: sum.net,
              taxMinor: sum.tax,
              totalMinor: sum.total,
              createdBy: tc.userId,
              createdAt: now,
              // The store day and hour it is made on: the reports take it off that day (docs/voids.md).
              localDate: wall.slice(0, 10),
              localHour: Number(wall.slice(11, 13)),
            },
            refundLines,
          );
          await audit(tx, tc, {
            action: 'invoice.refund',
            targetType: 'invoice',
            targetId: invoiceId,
            details: {
              refundId: row.id,
              reason: reason.title,
              paymentType: paymentType.title,
              totalMinor: sum.total,
              currency: invoice.currency,
              lines: refundLines.map((l) => ({ item: l.itemTitle, quantity: l.quantity })),
              whole: input.lines === undefined,
            },
          });
          const refunds = await loadRefunds(tx, tc.tenantId, invoiceId);
          const refund = refunds.find((r) => r.id === row.id);
          if (!refund) throw fail('internal');
          return { message: 'Refund recorded!', refund };
        });
        return answer;
      });
    },
  };
}

/** What an invoice's refunds gave back so far, in minor units. */
async function refundedTotal(tx: Tx, tenantId: number, invoiceId: number) {
  const rows = await repo.refundsOf(tx, tenantId, [invoiceId]);
  return rows.reduce((sum, r) => sum + r.refund.totalMinor, 0);
}

export type RefundsService = ReturnType<typeof createRefundsService>;
