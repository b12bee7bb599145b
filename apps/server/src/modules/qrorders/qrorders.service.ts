import { type Emit, type LiveQrOrders, QR_SENT_SHOWN_MINUTES, type QrOrder } from '@comanda/core';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import * as repo from './qrorders.repo.ts';

/** A QR order as the POS lists it (SPEC §3 QR order): `customer_id` is the diner's phone. */
function presentQrOrder(row: repo.QrOrderRow): QrOrder {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    delivery_type: row.deliveryType,
    customer_type: row.customerType,
    customer_id: row.customerPhone,
    customer_name: row.customerName,
    table_id: row.tableId,
    table_title: row.tableTitle,
    floor: row.floor,
    items: row.items,
  };
}

/** Takes a pending QR order out of the list, or says why not: 404 when unknown, 409 when no longer pending. */
async function leavePending(tx: Tx, tenantId: number, id: number, status: 'accepted' | 'cancelled') {
  const row = await repo.leavePending(tx, tenantId, id, status);
  if (row) return row;
  throw fail(
    (await repo.findStatus(tx, tenantId, id)) === undefined ? 'qr_order_not_found' : 'qr_order_not_pending',
  );
}

/**
 * Holds the QR order a cart was loaded from until commit, before takeOrder looks the order's UUID up:
 * a twin of the same order waits here, then finds the first one's order instead of a taken QR order.
 */
export const holdQrOrder = (tx: Tx, tenantId: number, id: number) => repo.lockQrOrder(tx, tenantId, id);

/**
 * Accepts the QR order a cart was loaded from, inside the order's transaction (takeOrder): it leaves
 * the POS list before the order is inserted, and `link` records the order once it has an id. Answers
 * the QR order, whose diner a walk-in order copies.
 */
export async function acceptQrOrder(tx: Tx, tenantId: number, emit: Emit, id: number) {
  const row = await leavePending(tx, tenantId, id, 'accepted');
  emit('qrorders_updated', { ids: [id] });
  return { row, link: (orderId: number) => repo.setOrderId(tx, tenantId, id, orderId) };
}

/** QR orders at the POS (SPEC §2 POS: QR Menu Orders, §4): the badge, the list, cancel one or all. */
export function createQrOrdersService(ctx: AppContext) {
  const { database } = ctx;

  return {
    async count(tc: TenantContext) {
      const totalQROrders = await database.inTenant(tc.tenantId, (tx) => repo.countPending(tx, tc.tenantId));
      return { totalQROrders };
    },

    async list(tc: TenantContext) {
      const rows = await database.inTenant(tc.tenantId, (tx) => repo.listPending(tx, tc.tenantId));
      return { qrOrders: rows.map(presentQrOrder) };
    },

    /** GET /pos/qrorders/live: the strip of every POS and Table Orders (issue 31, docs/qr-menu.md). */
    async live(tc: TenantContext): Promise<LiveQrOrders> {
      const now = ctx.now();
      const since = new Date(now.getTime() - QR_SENT_SHOWN_MINUTES * 60_000);
      const [waiting, sent] = await database.inTenant(
        tc.tenantId,
        async (tx) =>
          [
            await repo.listPending(tx, tc.tenantId),
            await repo.listSentSince(tx, tc.tenantId, since),
          ] as const,
      );
      return {
        now: now.toISOString(),
        waiting: waiting.map(presentQrOrder),
        sent: sent.map((s) => ({
          id: s.id,
          created_at: s.createdAt.toISOString(),
          table_title: s.tableTitle,
          customer_name: s.customerName,
          delivery_type: s.deliveryType,
          token_no: s.tokenNo,
        })),
      };
    },

    /** POST /pos/qrorders/update-status/{id}: only 'cancelled' (SPEC §4). */
    async cancel(tc: TenantContext, id: number) {
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        await leavePending(tx, tc.tenantId, id, 'cancelled');
        await audit(tx, tc, { action: 'qr_order.cancel', targetType: 'qr_order', targetId: id });
        emit('qrorders_updated', { ids: [id] });
      });
      return { message: 'QR order cancelled!' };
    },

    async cancelAll(tc: TenantContext) {
      const ids = await database.inTenant(tc.tenantId, async (tx, emit) => {
        const cancelled = await repo.cancelAllPending(tx, tc.tenantId);
        // Nothing was pending: nothing changed, so nothing to audit or tell.
        if (cancelled.length === 0) return cancelled;
        await audit(tx, tc, {
          action: 'qr_order.cancel_all',
          targetType: 'qr_order',
          details: { ids: cancelled },
        });
        emit('qrorders_updated', { ids: cancelled });
        return cancelled;
      });
      return { message: 'QR orders cancelled!', count: ids.length };
    },
  };
}

export type QrOrdersService = ReturnType<typeof createQrOrdersService>;
