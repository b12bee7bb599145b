import crypto from 'node:crypto';
import {
  type DinerOrderStatus,
  type OrderStatusBoard,
  QR_GUEST_NAME,
  QR_ORDER_PLACED,
  type QrMenu,
  type QrOrderPlaced,
  type TenantEvent,
  currencyDigits,
  type placeQrOrderSchema,
  todayIn,
} from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { menuItemAddons, menuItemVariants } from '../../platform/db/schema.ts';
import { fail, loggableError } from '../../platform/errors.ts';
import { once } from '../../platform/idempotency/idempotency.ts';
import * as customersRepo from '../customers/customers.repo.ts';
import { byItem } from '../menu/menu.presenter.ts';
import * as menuRepo from '../menu/menu.repo.ts';
import * as ordersRepo from '../orders/orders.repo.ts';
import { createOrdersService } from '../orders/orders.service.ts';
import { priceCart } from '../orders/pricing.ts';
import type { QrOrderLine } from '../qrorders/qrorders.schema.ts';
import * as qrOrdersRepo from '../qrorders/qrorders.repo.ts';
import * as storeRepo from '../store/store.repo.ts';
import * as tablesRepo from '../tables/tables.repo.ts';
import * as tenantsRepo from '../tenants/tenants.repo.ts';
import {
  type DinerOrder,
  orderState,
  presentDinerStatus,
  presentQrItem,
  presentQrStore,
  presentQrTable,
} from './qrmenu.presenter.ts';
import * as repo from './qrmenu.repo.ts';

type PlaceInput = z.output<typeof placeQrOrderSchema>;

/** How long the pickup board shows a ready token: from when its last line changed (it became ready). */
const READY_SHOWN_MS = 15 * 60_000;
/** At most this many (QR) order ids wait for a diner notice per tenant (docs/qr-menu.md). */
const MAX_PENDING = 1000;

/** The idempotency route of a placement (its keys are namespaced by menu code and address, placeOrder). */
const PLACE_ROUTE = 'POST /qrmenu/place-order';

/**
 * The diners' side (issue 11, docs/qr-menu.md): the public menu, placing an order from it, the order's
 * status for its diner (HTTP and socket room), and the pickup board. Public calls name no tenant: the
 * menu code or the status token finds it on the system path, then the tenant's transaction reads.
 */
export function createQrMenuService(ctx: AppContext) {
  const { database } = ctx;
  const orders = createOrdersService(ctx);

  /** The tenant behind a menu code; an unknown code or an inactive tenant has no menu. */
  async function menuTenant(code: string) {
    const found = await database.statementAsSystem((db) => repo.findMenuTenant(db, code));
    if (!found?.active) throw fail('menu_not_available');
    return found.tenantId;
  }

  /** A table's link token, or none; another tenant's or an unknown token is a 404. */
  async function tableOf(tx: Tx, tenantId: number, token: string | null | undefined) {
    if (!token) return null;
    const table = await tablesRepo.findTableByToken(tx, tenantId, token);
    if (!table) throw fail('table_not_found');
    return table;
  }

  /**
   * The statuses of these QR orders as their diners see them, read together in the tenant's
   * transaction: the store once, then their orders and those orders' lines in one statement each.
   */
  async function statusesOf(tx: Tx, tenantId: number, qrs: qrOrdersRepo.QrOrderRow[]) {
    if (qrs.length === 0) return [];
    const store = await storeRepo.getStoreSettings(tx, tenantId);
    const orderIds = qrs.flatMap((q) => (q.orderId === null ? [] : [q.orderId]));
    const found = await repo.findOrdersForStatus(tx, tenantId, orderIds);
    const lines = await ordersRepo.listOrderItems(tx, tenantId, orderIds);
    const orders = new Map<number, DinerOrder>(
      found.map((f) => [f.order.id, { row: f.order, paidWhenTaken: f.paidWhenTaken, lines: [] }]),
    );
    for (const line of lines) orders.get(line.orderId)?.lines.push(line);
    return qrs.map((qr) => ({
      token: qr.statusToken,
      status: presentDinerStatus(qr, (qr.orderId !== null && orders.get(qr.orderId)) || null, store),
    }));
  }

  /** The status behind a token; an unknown token is a 404 (whatever tenant might hold it). */
  async function status(token: string): Promise<DinerOrderStatus> {
    const found = await database.statementAsSystem((db) => repo.findStatusTokenTenant(db, token));
    if (!found) throw fail('order_not_found');
    return database.inTenant(found.tenantId, async (tx) => {
      const qr = await qrOrdersRepo.findByStatusToken(tx, found.tenantId, token);
      const [answer] = qr ? await statusesOf(tx, found.tenantId, [qr]) : [];
      if (!answer) throw fail('order_not_found');
      return answer.status;
    });
  }

  /**
   * The diner notices waiting, per tenant: the orders and QR orders committed changes touched. A set
   * per kind, so a change to an order already waiting adds nothing (its notice reads the newest state
   * anyway), and at most MAX_PENDING ids wait per tenant (past that a notice is dropped and logged: the
   * diner's page still reads the status on reload and reconnect).
   */
  const pending = new Map<number, { orderIds: Set<number>; qrIds: Set<number>; done: Promise<void> }>();

  /** Tells the diners who follow any of these (QR) orders their new status, in one transaction. */
  async function notifyDiners(tenantId: number, orderIds: number[], qrIds: number[]) {
    const statuses = await database.inTenant(tenantId, async (tx) =>
      statusesOf(tx, tenantId, await repo.findFollowed(tx, tenantId, qrIds, orderIds)),
    );
    for (const s of statuses) ctx.events.toDiner(s.token, s.status);
  }

  /** Works through a tenant's waiting notices, one batch at a time, until none wait. */
  async function drain(tenantId: number, queue: { orderIds: Set<number>; qrIds: Set<number> }) {
    // Let the commits of this tick gather first: one batch tells them all.
    await Promise.resolve();
    while (queue.orderIds.size > 0 || queue.qrIds.size > 0) {
      const orderIds = [...queue.orderIds];
      const qrIds = [...queue.qrIds];
      queue.orderIds.clear();
      queue.qrIds.clear();
      try {
        await notifyDiners(tenantId, orderIds, qrIds);
      } catch (error) {
        ctx.log.warn({ error: loggableError(error) }, 'could not tell diners their order status');
      }
    }
    pending.delete(tenantId);
  }

  return {
    /** GET /qrmenu/{qrcode}?tableId=: what a diner may see of the store, its menu and the table. */
    async menu(code: string, tableToken: string | undefined): Promise<QrMenu> {
      const tenantId = await menuTenant(code);
      return database.inTenant(tenantId, async (tx) => {
        const store = await storeRepo.getStoreSettings(tx, tenantId);
        if (!store.isQrMenuEnabled) throw fail('menu_not_available');
        const table = await tableOf(tx, tenantId, tableToken);
        const digits = currencyDigits(store.currency);
        const items = await menuRepo.listItems(tx, tenantId);
        const variants = byItem(await menuRepo.listOptions(tx, menuItemVariants, tenantId));
        const addons = byItem(await menuRepo.listOptions(tx, menuItemAddons, tenantId));
        const categories = await repo.listCategoryTitles(tx, tenantId);
        return {
          storeSettings: presentQrStore(store),
          categories,
          menuItems: items.map((row) =>
            presentQrItem(
              row,
              { variants: variants.get(row.id) ?? [], addons: addons.get(row.id) ?? [] },
              digits,
            ),
          ),
          storeTable: table ? presentQrTable(table) : null,
        };
      });
    },

    /**
     * POST /qrmenu/{qrcode}/place-order: the diner's cart checked and priced from the catalogue (as the
     * POS's is), kept as a pending QR order for the POS, its diner matched to (or made) a customer
     * when they gave a phone. An Idempotency-Key replay answers the first order's token.
     */
    async placeOrder(
      code: string,
      input: PlaceInput,
      request: { key: string | undefined; ip: string | null; address: string },
    ): Promise<QrOrderPlaced> {
      const { ip } = request;
      const tenantId = await menuTenant(code);
      // A diner's key is kept under the menu and the diner's address (docs/qr-menu.md): another diner
      // sending the same key neither gets this answer nor blocks it, and no staff key (bound to
      // another route anyway) shares it by accident.
      const key = request.key === undefined ? undefined : `qr:${code}:${request.address}:${request.key}`;
      return database.inTenant(tenantId, async (tx, emit) => {
        const { answer } = await once(tx, tenantId, key, { route: PLACE_ROUTE, body: input }, async () => {
          // Held until commit: a store turning ordering off waits for orders already being placed.
          const store = await storeRepo.getStoreSettings(tx, tenantId, { forShare: true });
          if (!store.isQrMenuEnabled) throw fail('menu_not_available');
          if (!store.isQrOrderEnabled) throw fail('qr_ordering_disabled');
          const table = await tableOf(tx, tenantId, input.tableId);
          // Lines get throwaway UUIDs: priceCart is the POS's, whose lines carry one; a QR order keeps none.
          const priced = await priceCart(
            tx,
            tenantId,
            input.cartItems.map((line) => ({ ...line, uuid: crypto.randomUUID() })),
          );
          const customer =
            input.customerType === 'CUSTOMER'
              ? await customersRepo.findOrAddByPhone(tx, tenantId, {
                  name: input.customer.name,
                  phone: input.customer.phone,
                })
              : null;
          const items: QrOrderLine[] = priced.rows.map((r) => ({
            item_id: r.itemId,
            item_title: r.itemTitle,
            variant_id: r.variantId,
            variant_title: r.variantTitle,
            addons_ids: r.addons.map((a) => a.id),
            addons: r.addons.map((a) => ({ id: a.id, title: a.title })),
            quantity: r.quantity,
            notes: r.notes,
          }));
          const placed = await qrOrdersRepo.insertQrOrder(tx, tenantId, {
            deliveryType: input.deliveryType,
            customerType: input.customerType,
            customerName: customer ? input.customer.name : input.customer.name || QR_GUEST_NAME,
            customerPhone: customer ? input.customer.phone : null,
            tableId: table?.id ?? null,
            tableTitle: table?.title ?? null,
            floor: table?.floor ?? null,
            items,
            sentToKitchen: store.qrOrdersToKitchen,
          });
          await audit(
            tx,
            { tenantId, userId: null, deviceId: null, ip },
            {
              action: 'qr_order.place',
              targetType: 'qr_order',
              targetId: placed.id,
              details: {
                lines: items.length,
                totalMinor: priced.figures.total,
                tableId: table?.id ?? null,
                customerId: customer?.id ?? null,
              },
            },
          );
          // The owner sends QR orders straight to the kitchen (docs/qr-menu.md): accepted at once, as the
          // POS would, in this transaction; a refusal there (an item gone meanwhile) places nothing.
          if (store.qrOrdersToKitchen)
            await orders.takeQrOrder(
              tx,
              { tenantId, userId: null, deviceId: null, ip },
              emit,
              { id: placed.id, deliveryType: input.deliveryType, tableId: table?.id ?? null, items },
            );
          emit('new_qrorder', { orderId: placed.id });
          // A diner who gave a new phone is a new customer: the customer list and today's figures show it.
          if (customer?.added) emit('customers_updated', {});
          return { message: QR_ORDER_PLACED, statusToken: placed.statusToken };
        });
        return answer;
      });
    },

    /** GET /qrmenu/order-status/{statusToken}, and the socket's `follow_order` (its ack). */
    status,

    /**
     * After every committed tenant transaction (wired in app.ts): queues a notice for the diners of
     * the QR orders it touched. Only QR orders' events count: `new_order` / `order_update` say so
     * (`qr: true`), so a POS order costs nothing here, not even a query. Per tenant, notices are sent
     * one batch after another, so a diner never gets an older state after a newer one from this node.
     * Never throws; answers when the tenant's queue is empty (tests wait on it).
     */
    afterCommit(tenantId: number, events: TenantEvent[]): Promise<void> {
      const orderIds: number[] = [];
      const qrIds: number[] = [];
      for (const e of events) {
        if ((e.name === 'new_order' || e.name === 'order_update') && e.payload.qr)
          orderIds.push(e.payload.orderId);
        else if (e.name === 'qrorders_updated') qrIds.push(...(e.payload.ids ?? []));
      }
      const waiting = pending.get(tenantId);
      if (orderIds.length === 0 && qrIds.length === 0) return waiting?.done ?? Promise.resolve();
      let queue = waiting;
      if (!queue) {
        const fresh = { orderIds: new Set<number>(), qrIds: new Set<number>(), done: Promise.resolve() };
        fresh.done = drain(tenantId, fresh);
        pending.set(tenantId, fresh);
        queue = fresh;
      }
      let dropped = 0;
      for (const [ids, into] of [
        [orderIds, queue.orderIds],
        [qrIds, queue.qrIds],
      ] as const)
        for (const id of ids) {
          if (!into.has(id) && queue.orderIds.size + queue.qrIds.size >= MAX_PENDING) dropped += 1;
          else into.add(id);
        }
      if (dropped > 0) ctx.log.warn({ tenantId, dropped }, 'diner notices dropped: too many waiting');
      return queue.done;
    },

    /** GET /order-status-board: the business day's tokens being made and ready for pickup. */
    async board(tc: TenantContext): Promise<OrderStatusBoard> {
      return database.inTenant(tc.tenantId, async (tx) => {
        const timezone = await tenantsRepo.getTimezone(tx, tc.tenantId);
        const orders = await repo.dayOrders(tx, tc.tenantId, todayIn(timezone, ctx.now()));
        const now = ctx.now().getTime();
        const preparing: number[] = [];
        const ready: number[] = [];
        for (const o of orders) {
          const state = orderState(o, o.lines);
          if (state === 'received' || state === 'preparing') preparing.push(o.tokenNo);
          // A counter order is rarely marked delivered: a ready token leaves the board on its own.
          else if (state === 'ready' && now - o.lastLineAt < READY_SHOWN_MS) ready.push(o.tokenNo);
        }
        // A ticket whose lines moved to another table is one token in several orders (docs/moves.md):
        // shown once, and ready only when no part of it is still being made.
        const making = new Set(preparing);
        return { preparing: [...making], ready: [...new Set(ready)].filter((token) => !making.has(token)) };
      });
    },
  };
}

export type QrMenuService = ReturnType<typeof createQrMenuService>;
