import {
  type KitchenTicket,
  type KitchenTickets,
  kitchenAllDay,
  ORDER_ITEM_STATUS_UPDATED,
  type kitchenItemStatusSchema,
  type kitchenSettingsSchema,
} from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { fail } from '../../platform/errors.ts';
import { once } from '../../platform/idempotency/idempotency.ts';
import { orderEvent } from '../orders/orders.presenter.ts';
import * as ordersRepo from '../orders/orders.repo.ts';
import { presentBumped, presentTicket } from './kitchen.presenter.ts';
import * as repo from './kitchen.repo.ts';

/** The kitchen display (SPEC §2 Kitchen, §4): tickets, item steps, bump and recall, timer thresholds. */
export function createKitchenService(ctx: AppContext) {
  const { database } = ctx;

  return {
    /** GET /kitchen: polled by every kitchen screen, so a handful of small reads. */
    async tickets(tc: TenantContext): Promise<KitchenTickets> {
      return database.inTenant(tc.tenantId, async (tx) => {
        const tickets = await ordersRepo.withItems(tx, tc.tenantId, await repo.listTickets(tx, tc.tenantId));
        const settings = await repo.getThresholds(tx, tc.tenantId);
        const bumped = await repo.lastBumped(tx, tc.tenantId);
        const orders = tickets.map((t) => presentTicket(t.order, t.items));
        return {
          orders,
          allDay: kitchenAllDay(orders.flatMap((o) => o.items)),
          settings,
          now: ctx.now().toISOString(),
          lastBumped: presentBumped(bumped),
        };
      });
    },

    /**
     * GET /kitchen/orders/{id}: the one ticket an event named, or `order: null` once it is off the board.
     * 404 for an order that is not this tenant's.
     */
    async ticket(tc: TenantContext, orderId: number): Promise<KitchenTicket> {
      return database.inTenant(tc.tenantId, async (tx) => {
        const [order] = await ordersRepo.findOrders(tx, tc.tenantId, [orderId]);
        if (!order) throw fail('order_not_found');
        const [ticket] = await ordersRepo.withItems(tx, tc.tenantId, [order]);
        const onBoard =
          order.status !== 'cancelled' &&
          !!ticket?.items.some((l) => (repo.OPEN_LINE as readonly string[]).includes(l.status));
        return {
          order: onBoard && ticket ? presentTicket(ticket.order, ticket.items) : null,
          now: ctx.now().toISOString(),
          lastBumped: presentBumped(await repo.lastBumped(tx, tc.tenantId)),
        };
      });
    },

    /**
     * POST /kitchen/{id}: 'Start Making' (created → preparing) or 'Complete' (preparing → completed).
     * An Idempotency-Key is bound to the line id and the step: a replay answers the first answer.
     */
    async setItemStatus(
      tc: TenantContext,
      itemId: number,
      input: z.output<typeof kitchenItemStatusSchema>,
      key: string | undefined,
    ) {
      return database.inTenant(tc.tenantId, async (tx, emit) => {
        const request = { route: 'POST /kitchen/:id', body: { id: itemId, ...input } };
        const { answer } = await once(tx, tc.tenantId, key, request, async () => {
          // The order is locked first, as every writer of an order and its lines does (no deadlock).
          const found = await ordersRepo.lockItemWithOrder(tx, tc.tenantId, itemId);
          if (!found) throw fail('order_item_not_found');
          if (found.order.status === 'cancelled') throw fail('order_not_open');
          const from = input.status === 'preparing' ? 'created' : 'preparing';
          if (!(await repo.moveItem(tx, tc.tenantId, itemId, from, input.status)))
            throw fail('order_item_moved_on');
          emit('order_update', orderEvent(found.order));
          return { message: ORDER_ITEM_STATUS_UPDATED };
        });
        return answer;
      });
    },

    /**
     * POST /kitchen/orders/{id}/bump: the whole ticket made with one tap. An Idempotency-Key is bound to
     * the order id: a replay answers the first answer instead of 409 (nothing left to make).
     */
    async bump(tc: TenantContext, orderId: number, key: string | undefined) {
      return database.inTenant(tc.tenantId, async (tx, emit) => {
        const request = { route: 'POST /kitchen/orders/:id/bump', body: { id: orderId } };
        const { answer } = await once(tx, tc.tenantId, key, request, async () => {
          // The order is locked before its lines, as every writer of an order does (no deadlock).
          const [order] = await ordersRepo.lockOrders(tx, tc.tenantId, [orderId]);
          if (!order) throw fail('order_not_found');
          if (order.status === 'cancelled') throw fail('order_not_open');
          const moved = await repo.moveOrderItems(tx, tc.tenantId, orderId, repo.OPEN_LINE, 'completed');
          if (moved === 0) throw fail('order_item_moved_on');
          await repo.setBumpedAt(tx, tc.tenantId, orderId, ctx.now());
          emit('order_update', orderEvent(order));
          return { message: 'Ticket bumped!' };
        });
        return answer;
      });
    },

    /** POST /kitchen/recall: the last bumped ticket comes back, its made lines in preparation again. */
    async recall(tc: TenantContext) {
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        const last = await repo.lastBumped(tx, tc.tenantId, { forUpdate: true });
        if (!last) throw fail('nothing_to_recall');
        await repo.moveOrderItems(tx, tc.tenantId, last.id, ['completed'], 'preparing');
        await repo.setBumpedAt(tx, tc.tenantId, last.id, null);
        emit('order_update', orderEvent(last));
      });
      return { message: 'Ticket recalled!' };
    },

    /** POST /kitchen/settings: when a ticket's timer turns amber and red. */
    async saveSettings(tc: TenantContext, input: z.output<typeof kitchenSettingsSchema>) {
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        await repo.setThresholds(tx, tc.tenantId, input);
        await audit(tx, tc, {
          action: 'store.kitchen_settings',
          targetType: 'store_settings',
          details: input,
        });
        emit('store_updated', {});
      });
      return { message: 'Kitchen settings saved!' };
    },
  };
}

export type KitchenService = ReturnType<typeof createKitchenService>;
