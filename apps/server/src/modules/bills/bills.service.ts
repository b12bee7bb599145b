import crypto from 'node:crypto';
import {
  type BillPart,
  partExtras,
  type Emit,
  PARTS_MISMATCH,
  SPLIT_PAID,
  type SplitPaid,
  type SplitPlan,
  SplitError,
  TENDERS_MISMATCH,
  TENDER_AMOUNT_INVALID,
  type paySplitSchema,
  splitBill,
  toMinor,
  wallTimeIn,
} from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail, invalid } from '../../platform/errors.ts';
import { once } from '../../platform/idempotency/idempotency.ts';
import * as catalogueRepo from '../catalogue/catalogue.repo.ts';
import { invoiceExtras, priceBill, recordDiscounts, tipMinor } from '../discounts/discounts.service.ts';
import * as customersRepo from '../customers/customers.repo.ts';
import * as invoicesRepo from '../invoices/invoices.repo.ts';
import { orderEvent } from '../orders/orders.presenter.ts';
import * as ordersRepo from '../orders/orders.repo.ts';
import { groupBill, lockOpen, paidTime } from '../orders/table-orders.service.ts';
import { saleClock } from '../shifts/sale-clock.ts';
import * as tenantsRepo from '../tenants/tenants.repo.ts';
import { presentPaid } from './bills.presenter.ts';
import * as repo from './bills.repo.ts';

type PaySplitInput = z.output<typeof paySplitSchema>;

/** A payment checked against its part: minor units, with its type as it is now. */
interface CheckedTender {
  partNo: number;
  paymentTypeId: number;
  paymentTypeTitle: string;
  amountMinor: number;
  tenderedMinor: number | null;
  changeMinor: number | null;
}

/** The split as core's splitBill takes it. */
function planOf(split: PaySplitInput['split']): SplitPlan {
  return split.mode === 'item' ? { mode: 'item', parts: split.parts, assign: split.assign } : split;
}

/**
 * Each part's payments, checked before anything is written: every payment type the tenant's and active,
 * each amount in the currency's digits, a tendered amount at least its payment's, and the amounts of a
 * part adding up to exactly what the part owes (never more, never less).
 */
async function checkTenders(
  tx: Tx,
  tenantId: number,
  parts: BillPart[],
  input: PaySplitInput['parts'],
  digits: number,
  owes: number[],
): Promise<CheckedTender[]> {
  if (input.length !== parts.length) throw invalid(PARTS_MISMATCH);
  const types = new Map<number, { id: number; title: string; isActive: boolean }>();
  const checked: CheckedTender[] = [];
  for (const part of parts) {
    const tenders = input[part.index]?.tenders ?? [];
    let paid = 0;
    for (const tender of tenders) {
      let type = types.get(tender.paymentTypeId);
      if (!type) {
        type = await catalogueRepo.findPaymentType(tx, tenantId, tender.paymentTypeId);
        if (!type) throw fail('payment_type_not_found');
        types.set(type.id, type);
      }
      if (!type.isActive) throw fail('payment_type_inactive');
      const amountMinor = toMinor(tender.amount, digits);
      if (amountMinor === null) throw invalid(TENDER_AMOUNT_INVALID);
      let tenderedMinor: number | null = null;
      if (tender.tendered !== null) {
        tenderedMinor = toMinor(tender.tendered, digits);
        if (tenderedMinor === null) throw invalid('Please provide a valid tendered amount!');
        if (tenderedMinor < amountMinor) throw fail('tendered_too_low');
      }
      paid += amountMinor;
      checked.push({
        partNo: part.index + 1,
        paymentTypeId: type.id,
        paymentTypeTitle: type.title,
        amountMinor,
        tenderedMinor,
        changeMinor: tenderedMinor === null ? null : tenderedMinor - amountMinor,
      });
    }
    // What the part owes: its total, its share of the service charge and its tip.
    if (paid !== owes[part.index]) throw invalid(TENDERS_MISMATCH);
  }
  return checked;
}

/** Split bills and mixed tenders (docs/bills.md): a table group paid in parts, in one transaction. */
export function createBillsService(ctx: AppContext) {
  const { database } = ctx;

  /**
   * Pays a group split into parts: the server splits its own stored lines (never the client's figures),
   * checks every part's payments, then writes one invoice, its parts and their line shares, every
   * payment and the orders paid, or nothing. Nothing goes to the kitchen and no order line changes.
   */
  async function pay(
    tx: Tx,
    tc: TenantContext,
    emit: Emit,
    input: PaySplitInput,
    queuedMs: number | undefined,
  ): Promise<SplitPaid> {
    const loaded = await ordersRepo.withItems(
      tx,
      tc.tenantId,
      await lockOpen(tx, tc.tenantId, input.orderIds),
    );
    const { currency, digits } = groupBill(loaded);
    const billable = loaded.flatMap((o) => o.items).filter((i) => i.status !== 'cancelled');
    if (billable.length === 0) throw fail('nothing_to_pay');
    // Discounts and service charge: the one pricing function of both pay calls (docs/discounts.md).
    const priced = await priceBill(tx, tc, billable, { ...input, tip: null }, digits);
    const { figures } = priced;

    let parts: BillPart[];
    try {
      parts = splitBill(priced.lines, planOf(input.split));
    } catch (error) {
      if (error instanceof SplitError) throw invalid(error.message);
      if (error instanceof RangeError) throw fail('order_total_too_large');
      throw error;
    }
    if (input.parts.length !== parts.length) throw invalid(PARTS_MISMATCH);
    const extras = partExtras(
      parts,
      priced.lines,
      priced.serviceChargeMinor,
      input.parts.map((p) => tipMinor(p.tip, digits)),
    );
    const tips = extras.reduce((s, e) => s + e.tipMinor, 0);
    const tenders = await checkTenders(
      tx,
      tc.tenantId,
      parts,
      input.parts,
      digits,
      extras.map((e) => e.owesMinor),
    );

    const first = loaded[0]?.order;
    if (!first) throw fail('order_not_found');
    const guest = loaded.find((o) => o.order.customerId !== null)?.order;
    const email = guest?.customerId
      ? ((await customersRepo.findCustomer(tx, tc.tenantId, guest.customerId))?.email ?? null)
      : null;
    const clock = await saleClock(tx, tc, ctx.now(), queuedMs);
    const paidAt = paidTime(
      ctx.now(),
      clock.at,
      loaded.map((o) => o.order.createdAt),
    );
    const paidWall = wallTimeIn(await tenantsRepo.getTimezone(tx, tc.tenantId), paidAt);
    const invoice = await invoicesRepo.insertInvoice(tx, tc.tenantId, {
      uuid: crypto.randomUUID(),
      subTotalMinor: figures.net,
      taxTotalMinor: figures.tax,
      totalMinor: figures.total,
      currency,
      deliveryType: first.deliveryType,
      customerType: guest ? 'CUSTOMER' : 'WALKIN',
      customerId: guest?.customerId ?? null,
      customerName: guest?.customerName ?? null,
      customerPhone: guest?.customerPhone ?? null,
      customerEmail: email,
      tableId: first.tableId,
      tableTitle: first.tableTitle,
      floor: first.floor,
      createdBy: tc.userId,
      createdAt: paidAt,
      localDate: paidWall.slice(0, 10),
      localHour: Number(paidWall.slice(11, 13)),
      ...invoiceExtras(priced, tips),
    });
    await repo.insertParts(
      tx,
      tc.tenantId,
      invoice.id,
      parts.map((p) => ({
        partNo: p.index + 1,
        splitMode: input.split.mode,
        seat: p.seat,
        netMinor: p.netMinor,
        taxMinor: p.taxMinor,
        totalMinor: p.totalMinor,
        discountMinor: extras[p.index]?.discountMinor ?? 0,
        serviceChargeMinor: extras[p.index]?.serviceChargeMinor ?? 0,
        tipMinor: extras[p.index]?.tipMinor ?? 0,
      })),
      parts.flatMap((p) =>
        p.lines.map((l) => ({
          partNo: p.index + 1,
          orderItemId: l.lineId,
          shareNum: l.shareNum,
          shareDen: l.shareDen,
          netMinor: l.netMinor,
          taxMinor: l.taxMinor,
          totalMinor: l.totalMinor,
        })),
      ),
    );
    for (const t of tenders) {
      await invoicesRepo.insertPayment(tx, tc.tenantId, invoice.id, {
        paymentTypeId: t.paymentTypeId,
        paymentTypeTitle: t.paymentTypeTitle,
        amountMinor: t.amountMinor,
        tenderedMinor: t.tenderedMinor,
        changeMinor: t.changeMinor,
        createdAt: paidAt,
        takenBeforeShift: clock.takenBeforeShift,
        partNo: t.partNo,
      });
    }
    for (const orderId of input.orderIds) {
      const paid = await ordersRepo.markPaid(tx, tc.tenantId, orderId, invoice.id);
      if (!paid) throw fail('order_already_paid');
      emit('order_update', orderEvent(paid));
    }
    await recordDiscounts(tx, tc, invoice.id, priced, currency);
    await audit(tx, tc, {
      action: 'invoice.create',
      targetType: 'invoice',
      targetId: invoice.id,
      details: {
        orderIds: input.orderIds,
        totalMinor: figures.total,
        split: input.split.mode,
        parts: parts.map((p) => ({
          partNo: p.index + 1,
          seat: p.seat,
          totalMinor: p.totalMinor,
          payments: tenders
            .filter((t) => t.partNo === p.index + 1)
            .map((t) => ({ paymentType: t.paymentTypeTitle, amountMinor: t.amountMinor })),
        })),
      },
    });
    return presentPaid({
      message: SPLIT_PAID,
      invoiceId: invoice.id,
      figures,
      digits,
      parts,
      tenders,
      lines: billable,
      extras,
      priced,
      tipMinor: tips,
    });
  }

  return {
    /**
     * POST /orders/pay-split: one invoice for the group, split into parts each paid by its payments. Any
     * invalid part refuses the whole call (4xx) and nothing is written. Two terminals paying together:
     * the second waits on the order locks, then finds them paid (409).
     */
    async paySplit(
      tc: TenantContext,
      input: PaySplitInput,
      key: string | undefined,
      queuedMs?: number,
    ): Promise<SplitPaid> {
      return database.inTenant(tc.tenantId, async (tx, emit) => {
        const { answer } = await once(
          tx,
          tc.tenantId,
          key,
          { route: 'POST /orders/pay-split', body: input },
          () => pay(tx, tc, emit, input, queuedMs),
        );
        return answer;
      });
    },
  };
}

export type BillsService = ReturnType<typeof createBillsService>;
