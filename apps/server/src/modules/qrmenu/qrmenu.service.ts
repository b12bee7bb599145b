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
import * as catalogueRepo from '../catalogue/catalogue.repo.ts';
import * as customersRepo from '../customers/customers.repo.ts';
import { byItem } from '../menu/menu.presenter.ts';
import * as menuRepo from '../menu/menu.repo.ts';
import * as ordersRepo from '../orders/orders.repo.ts';
import { priceCart } from '../orders/pricing.ts';
import type { QrOrderLine } from '../qrorders/qrorders.schema.ts';
import * as qrOrdersRepo from '../qrorders/qrorders.repo.ts';
import * as storeRepo from '../store/store.repo.ts';
import * as tablesRepo from '../tables/tables.repo.ts';
import * as tenantsRepo from '../tenants/tenants.repo.ts';
import {
  orderState,
  presentDinerStatus,
  presentQrItem,
  presentQrStore,
  presentQrTable,
} from './qrmenu.presenter.ts';
import * as repo from './qrmenu.repo.ts';

type PlaceInput = z.output<typeof placeQrOrderSchema>;

/** The idempotency route of a placement: one key answers one order, whichever menu code it came by. */
const PLACE_ROUTE = 'POST /qrmenu/place-order';

/**
 * The diners' side (issue 11, docs/qr-menu.md): the public menu, placing an order from it, the order's
 * status for its diner (HTTP and socket room), and the pickup board. Public calls name no tenant: the
 * menu code or the status token finds it on the system path, then the tenant's transaction reads.
 */
export function createQrMenuService(ctx: AppContext) {
  const { database } = ctx;

  /** The tenant behind a menu code; an unknown code or an inactive tenant has no menu. */
  async function menuTenant(code: string) {
    const found = await database.asSystem((tx) => repo.findMenuTenant(tx, code));
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

  /** A QR order's status as its diner sees it, read in the tenant's transaction. */
  async function statusOf(tx: Tx, tenantId: number, qr: qrOrdersRepo.QrOrderRow): Promise<DinerOrderStatus> {
    const store = await storeRepo.getStoreSettings(tx, tenantId);
    let order: { row: ordersRepo.OrderRow; lines: ordersRepo.OrderItemRow[] } | null = null;
    if (qr.orderId !== null) {
      const [row] = await ordersRepo.findOrders(tx, tenantId, [qr.orderId]);
      if (row) order = { row, lines: await ordersRepo.listOrderItems(tx, tenantId, [row.id]) };
    }
    return presentDinerStatus(qr, order, store);
  }

  /** The status behind a token; an unknown token is a 404 (whatever tenant might hold it). */
  async function statusByToken(token: string) {
    const found = await database.asSystem((tx) => repo.findStatusTokenTenant(tx, token));
    if (!found) throw fail('order_not_found');
    return database.inTenant(found.tenantId, async (tx) => {
      const qr = await qrOrdersRepo.findByStatusToken(tx, found.tenantId, token);
      if (!qr) throw fail('order_not_found');
      return statusOf(tx, found.tenantId, qr);
    });
  }

  // Per tenant, the diner notifications of one commit wait for those of the previous one on this node,
  // so a diner never gets an older state after a newer one from here.
  const notifying = new Map<number, Promise<void>>();

  /** Tells the diners who follow any QR order these committed events touched its new status. */
  async function notifyDiners(tenantId: number, events: TenantEvent[]) {
    const orderIds: number[] = [];
    const qrIds: number[] = [];
    for (const e of events) {
      if (e.name === 'new_order' || e.name === 'order_update') orderIds.push(e.payload.orderId);
      else if (e.name === 'qrorders_updated') qrIds.push(...(e.payload.ids ?? []));
    }
    if (orderIds.length === 0 && qrIds.length === 0) return;
    const followed = await database.readAsSystem((db) => repo.findFollowed(db, tenantId, qrIds, orderIds));
    if (followed.length === 0) return;
    const statuses = await database.inTenant(tenantId, async (tx) => {
      const out: { token: string; status: DinerOrderStatus }[] = [];
      for (const f of followed) {
        const qr = await qrOrdersRepo.findByStatusToken(tx, tenantId, f.statusToken);
        if (qr) out.push({ token: f.statusToken, status: await statusOf(tx, tenantId, qr) });
      }
      return out;
    });
    for (const s of statuses) ctx.events.toDiner(s.token, s.status);
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
        const categories = await catalogueRepo.listCategories(tx, tenantId);
        return {
          storeSettings: presentQrStore(store),
          categories: categories.map((c) => ({ id: c.id, title: c.title })),
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
      key: string | undefined,
      ip: string | null,
    ): Promise<QrOrderPlaced> {
      const tenantId = await menuTenant(code);
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
          emit('new_qrorder', { orderId: placed.id });
          return { message: QR_ORDER_PLACED, statusToken: placed.statusToken };
        });
        return answer;
      });
    },

    /** GET /qrmenu/order-status/{statusToken}. */
    status: (token: string) => statusByToken(token),

    /** The socket's `follow_order`: the same answer as the status route, for the room it joins. */
    follow: (token: string) => statusByToken(token),

    /**
     * After every committed tenant transaction (wired in app.ts): tells the diners following the QR
     * orders it touched. Never throws: a failed notice is logged, the diner's page still refetches.
     */
    afterCommit(tenantId: number, events: TenantEvent[]) {
      const previous = notifying.get(tenantId) ?? Promise.resolve();
      const current = previous
        .then(() => notifyDiners(tenantId, events))
        .catch((error: unknown) =>
          ctx.log.warn({ error: loggableError(error) }, 'could not tell diners their order status'),
        )
        .finally(() => {
          if (notifying.get(tenantId) === current) notifying.delete(tenantId);
        });
      notifying.set(tenantId, current);
      return current;
    },

    /** GET /order-status-board: the business day's tokens being made and ready for pickup. */
    async board(tc: TenantContext): Promise<OrderStatusBoard> {
      return database.inTenant(tc.tenantId, async (tx) => {
        const timezone = await tenantsRepo.getTimezone(tx, tc.tenantId);
        const orders = await repo.dayOrders(tx, tc.tenantId, todayIn(timezone, ctx.now()));
        const preparing: number[] = [];
        const ready: number[] = [];
        for (const o of orders) {
          const state = orderState(o, o.lines);
          if (state === 'received' || state === 'preparing') preparing.push(o.tokenNo);
          else if (state === 'ready') ready.push(o.tokenNo);
        }
        return { preparing, ready };
      });
    },
  };
}

export type QrMenuService = ReturnType<typeof createQrMenuService>;
