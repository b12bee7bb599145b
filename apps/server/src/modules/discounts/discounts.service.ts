import {
  type AppliedDiscount,
  type BillSettings,
  type Discount,
  DiscountError,
  TIP_INVALID,
  applyDiscounts,
  approvalKey,
  billNeedsManager,
  type billSettingsSchema,
  canDo,
  parseScopes,
  fromMinor,
  linePrice,
  serviceCharge,
  toMinor,
} from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail, invalid } from '../../platform/errors.ts';
import type { OrderItemRow } from '../orders/orders.repo.ts';
import * as repo from './discounts.repo.ts';

/**
 * What a pay call adds to the bill: its discounts, the tip, the party's size (service charge) and a
 * manager's approval by PIN, which is for these orders.
 */
export interface BillExtras {
  orderIds: number[];
  discounts: Discount[];
  tip: string | null;
  guests: number | null;
  approvalId: string | null;
}

/** A billed line after its discount: the figures the bill, its split and its refunds use. */
export interface PricedLine {
  id: number;
  quantity: number;
  seat: number | null;
  discountMinor: number;
  netMinor: number;
  taxMinor: number;
  totalMinor: number;
}

/** A bill priced by the server: its lines and figures after discounts, the service charge, the approver. */
export interface PricedBill {
  lines: PricedLine[];
  figures: { net: number; tax: number; total: number };
  discountMinor: number;
  serviceChargeMinor: number;
  applied: AppliedDiscount[];
  /** The reasons of the discounts, for the bill. */
  reason: string | null;
  /** The manager who gave a discount above the threshold: the caller, or who approved it by PIN. */
  approvedBy: number | null;
}

/** A bill's lines after its discounts (core's applyDiscounts); 400 for a discount that cannot be given. */
export function discountLines(items: OrderItemRow[], discounts: Discount[], digits: number) {
  try {
    return applyDiscounts(
      items.map((i) => ({
        id: i.id,
        amountMinor: linePrice(i),
        taxRateBp: i.taxRateBp,
        taxType: i.taxType,
      })),
      discounts,
      digits,
    );
  } catch (error) {
    if (error instanceof DiscountError) throw invalid(error.message);
    if (error instanceof RangeError) throw fail('order_total_too_large');
    throw error;
  }
}

/**
 * Uses a manager's approval by PIN (docs/discounts.md): given to this cashier, for these orders and
 * discounts, for at least this much off, unused, unexpired now by the database's clock (never by a
 * queue time the client claims), and its manager may still approve (a PIN removed or a scope taken away
 * withdraws it). Answers the manager; 409 otherwise.
 */
async function useApproval(
  tx: Tx,
  tc: TenantContext,
  id: string,
  bill: { key: string; discountMinor: number },
) {
  const used = await repo.useApproval(tx, tc.tenantId, id, tc.userId, bill);
  const approver = used && (await repo.findApprover(tx, tc.tenantId, used.approverId));
  if (!approver || !mayApprove(approver)) throw fail('discount_approval_invalid');
  return approver.id;
}

/** A user who may approve a discount above the threshold with their PIN: MANAGER or admin, PIN set. */
export function mayApprove(user: { role: 'admin' | 'staff'; scope: string; pinHash: string | null }) {
  return (
    user.pinHash !== null && canDo({ role: user.role, scopes: parseScopes(user.scope) }, 'discounts.approve')
  );
}

/**
 * The ONE function both pay calls price a bill with (docs/discounts.md): the group's billed lines (their
 * stored figures, never the client's), their discounts (line ones, then the bill one spread with
 * allocateMinor, tax recomputed line by line), the manager check against the store's threshold (each
 * discount against its base and all of them against the bill: billNeedsManager), and the
 * automatic service charge on what is left. Throws 400 for a discount that cannot be given and 403 for
 * one above the threshold from a caller without MANAGER (admins pass) and without a manager's approval
 * for these orders and discounts (used here, once).
 */
export async function priceBill(
  tx: Tx,
  tc: TenantContext,
  items: OrderItemRow[],
  extras: BillExtras,
  digits: number,
): Promise<PricedBill> {
  const settings = await repo.getBillSettings(tx, tc.tenantId);
  const discounted = discountLines(items, extras.discounts, digits);
  const aboveThreshold = billNeedsManager(discounted, settings.managerDiscountBp);
  let approvedBy: number | null = null;
  if (aboveThreshold && canDo(tc, 'discounts.approve')) approvedBy = tc.userId;
  else if (aboveThreshold && extras.approvalId !== null) {
    approvedBy = await useApproval(tx, tc, extras.approvalId, {
      key: approvalKey(extras.orderIds, extras.discounts),
      discountMinor: discounted.discountMinor,
    });
  } else if (aboveThreshold)
    throw fail('discount_needs_manager', { threshold: String(settings.managerDiscountBp / 100) });
  const lines = items.map((item, i): PricedLine => {
    const d = discounted.lines[i];
    // A line without a discount keeps exactly the figures it was sent with.
    const figures = d && d.discountMinor > 0 ? d : item;
    return {
      id: item.id,
      quantity: item.quantity,
      seat: item.seat,
      discountMinor: d?.discountMinor ?? 0,
      netMinor: figures.netMinor,
      taxMinor: figures.taxMinor,
      totalMinor: figures.totalMinor,
    };
  });
  const sum = (k: 'netMinor' | 'taxMinor' | 'totalMinor') => lines.reduce((s, l) => s + l[k], 0);
  const figures = { net: sum('netMinor'), tax: sum('taxMinor'), total: sum('totalMinor') };
  const reasons = [...new Set(discounted.applied.map((d) => d.reason))];
  return {
    lines,
    figures,
    discountMinor: discounted.discountMinor,
    serviceChargeMinor: serviceCharge(
      figures.total,
      settings.serviceChargeBp,
      settings.serviceChargeGuests,
      extras.guests,
    ),
    applied: discounted.applied,
    reason: reasons.length > 0 ? reasons.join('; ') : null,
    approvedBy,
  };
}

/** A tip in minor units (0 when none); 400 when it is not an amount in the currency's decimals. */
export function tipMinor(tip: string | null, digits: number): number {
  if (tip === null) return 0;
  const minor = toMinor(tip, digits);
  if (minor === null) throw invalid(TIP_INVALID);
  return minor;
}

/** The invoice columns of a priced bill and its tip. */
export function invoiceExtras(priced: PricedBill, tip: number) {
  return {
    discountMinor: priced.discountMinor,
    serviceChargeMinor: priced.serviceChargeMinor,
    tipMinor: tip,
    discountReason: priced.reason,
    discountApprovedBy: priced.approvedBy,
  };
}

/**
 * Stores a paid bill's discounted lines and audits its discounts (`bill.discount`: each discount with its
 * reason and amount, the approver). Nothing when the bill had no discount.
 */
export async function recordDiscounts(
  tx: Tx,
  tc: TenantContext,
  invoiceId: number,
  priced: PricedBill,
  currency: string,
) {
  if (priced.applied.length === 0) return;
  await repo.insertLineDiscounts(
    tx,
    tc.tenantId,
    invoiceId,
    priced.lines
      .filter((l) => l.discountMinor > 0)
      .map((l) => ({
        orderItemId: l.id,
        discountMinor: l.discountMinor,
        netMinor: l.netMinor,
        taxMinor: l.taxMinor,
        totalMinor: l.totalMinor,
      })),
  );
  await audit(tx, tc, {
    action: 'bill.discount',
    targetType: 'invoice',
    targetId: invoiceId,
    details: {
      currency,
      discountMinor: priced.discountMinor,
      approvedBy: priced.approvedBy,
      discounts: priced.applied.map((d) => ({
        lineId: d.lineId,
        kind: d.kind,
        value: d.value,
        offMinor: d.offMinor,
        reason: d.reason,
      })),
    },
  });
}

/** The pay answers' extra figures in the currency's decimals. */
export function presentExtras(priced: PricedBill, tip: number, digits: number) {
  return {
    discount: fromMinor(priced.discountMinor, digits),
    serviceCharge: fromMinor(priced.serviceChargeMinor, digits),
    tip: fromMinor(tip, digits),
    lineDiscounts: priced.applied.flatMap((d) =>
      d.lineId === null
        ? []
        : [
            {
              line_id: d.lineId,
              discount: fromMinor(d.offMinor, digits),
              percent: d.kind === 'percent' ? d.value / 100 : null,
              reason: d.reason,
            },
          ],
    ),
  };
}

const asPercent = (bp: number) => bp / 100;

/** The owner's discount threshold and service charge (the Settings screen's Bills form). */
export function createDiscountsService(ctx: AppContext) {
  const { database } = ctx;
  return {
    /** GET /settings/bill-setting; also what the pay dialogs read to show the threshold and charge. */
    async getSettings(tc: TenantContext): Promise<BillSettings> {
      const s = await database.inTenant(tc.tenantId, (tx) => repo.getBillSettings(tx, tc.tenantId));
      return {
        managerDiscountPercent: asPercent(s.managerDiscountBp),
        serviceChargePercent: asPercent(s.serviceChargeBp),
        serviceChargeGuests: s.serviceChargeGuests,
      };
    },

    /** POST /settings/bill-setting, audited as `settings.bill_update`. */
    async saveSettings(tc: TenantContext, input: z.output<typeof billSettingsSchema>) {
      const values = {
        managerDiscountBp: toMinor(input.managerDiscountPercent, 2) ?? 0,
        serviceChargeBp: toMinor(input.serviceChargePercent, 2) ?? 0,
        serviceChargeGuests: input.serviceChargeGuests,
      };
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        const before = await repo.getBillSettings(tx, tc.tenantId);
        await repo.saveBillSettings(tx, tc.tenantId, values);
        await audit(tx, tc, {
          action: 'settings.bill_update',
          targetType: 'store_settings',
          details: { from: before, to: values },
        });
        emit('store_updated', {});
      });
      return { message: 'Bill settings saved!' };
    },
  };
}

export type DiscountsService = ReturnType<typeof createDiscountsService>;
