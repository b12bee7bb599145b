import { type MoveTables, allocateMinor, type moveItemSchema, type moveTableSchema } from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import { once } from '../../platform/idempotency/idempotency.ts';
import { orderEvent } from '../orders/orders.presenter.ts';
import * as ordersRepo from '../orders/orders.repo.ts';
import { presentTable } from '../tables/tables.presenter.ts';
import * as tablesRepo from '../tables/tables.repo.ts';
import * as repo from './moves.repo.ts';

type MoveTableInput = z.output<typeof moveTableSchema>;
type MoveItemInput = z.output<typeof moveItemSchema>;

const ORDERS_MOVED = 'Orders moved!';
const TABLES_MERGED = 'Tables merged!';
const ITEM_MOVED = 'Item moved!';

/** An order that may move: the tenant's (404), open (409) and dine-in (409). */
function checkMovable(order: ordersRepo.OrderRow) {
  if (order.paymentStatus === 'paid') throw fail('order_already_paid');
  if (order.status !== 'created') throw fail('order_not_open');
  if (order.deliveryType !== 'dinein') throw fail('move_not_dinein');
}

/** The table moved to, as orders copy it (404 for another tenant's or a deleted one). */
async function targetTable(tx: Tx, tenantId: number, tableId: number): Promise<repo.TableSnapshot> {
  const table = await tablesRepo.findTable(tx, tenantId, tableId);
  if (!table) throw fail('table_not_found');
  return { id: table.id, title: table.title, floor: table.floor };
}

/**
 * A line's stored figures shared between the units that stay and the units that move, so the two add
 * up to exactly what the line was billed at (a table's bill never changes by a move). The price part
 * (the net with tax on top, the total with tax included) is the unit price times the units, exact; the
 * tax is shared by units with allocateMinor (largest remainder, a tie to the units that stay).
 */
function splitFigures(item: ordersRepo.OrderItemRow, moved: number): [repo.LineFigures, repo.LineFigures] {
  const stay = item.quantity - moved;
  const [stayTax = 0, movedTax = 0] = allocateMinor(item.taxMinor, [stay, moved]);
  const part = (quantity: number, taxMinor: number): repo.LineFigures => {
    const price = (item.basePriceMinor + item.addonsPriceMinor) * quantity;
    return item.taxType === 'inclusive'
      ? { quantity, netMinor: price - taxMinor, taxMinor, totalMinor: price }
      : { quantity, netMinor: price, taxMinor, totalMinor: price + taxMinor };
  };
  return [part(stay, stayTax), part(moved, movedTax)];
}

/**
 * Moving orders and lines between tables (issue 15, docs/moves.md). Nothing is sent to the kitchen
 * again: orders keep their token, time and line statuses, and the screens hear `order_update` only
 * (never `new_order`, which chimes), so the kitchen redraws the same tickets at their new table.
 */
export function createMovesService(ctx: AppContext) {
  const { database } = ctx;

  /**
   * An order goes whole to a table. When its ticket already has an order there, the two become one
   * (at most one open order per ticket and table): a part's lines join the other order and the part is
   * removed; an order taken at the POS keeps its row and takes in the part's lines. Answers the order
   * the lines are in now, and every order whose screens must redraw.
   */
  async function moveWhole(tx: Tx, tc: TenantContext, order: ordersRepo.OrderRow, table: repo.TableSnapshot) {
    const there = await repo.lockTicketAt(tx, tc.tenantId, order, table.id, order.id);
    const fold = async (from: ordersRepo.OrderRow, into: ordersRepo.OrderRow) => {
      const items = await ordersRepo.listOrderItems(tx, tc.tenantId, [from.id]);
      await repo.setItemsOrder(
        tx,
        tc.tenantId,
        items.map((i) => i.id),
        into.id,
      );
      await repo.deleteEmptyPart(tx, tc.tenantId, from.id);
    };
    if (there && order.part > 0) {
      await fold(order, there);
      return { into: there, touched: [order, there] };
    }
    await repo.setOrderTable(tx, tc.tenantId, order.id, table, order.tableTitle);
    if (there && there.part > 0) {
      await fold(there, order);
      return { into: order, touched: [order, there] };
    }
    return { into: order, touched: [order] };
  }

  return {
    /** GET /orders/tables: the tables a group or a line can move to. */
    async tables(tc: TenantContext): Promise<MoveTables> {
      return database.inTenant(tc.tenantId, async (tx) => ({
        tables: (await tablesRepo.listTables(tx, tc.tenantId)).map(presentTable),
      }));
    },

    /**
     * POST /orders/move-table: a group's orders go to another table; with open orders there already,
     * the two groups are one from then on (a merge). One audit row and one `order_update` per order.
     */
    async moveTable(tc: TenantContext, input: MoveTableInput, key: string | undefined) {
      return database.inTenant(tc.tenantId, async (tx, emit) => {
        const request = { route: 'POST /orders/move-table', body: input };
        const { answer } = await once(tx, tc.tenantId, key, request, async () => {
          const rows = await ordersRepo.lockOrders(tx, tc.tenantId, input.orderIds);
          if (rows.length !== input.orderIds.length) throw fail('order_not_found');
          rows.forEach(checkMovable);
          const table = await targetTable(tx, tc.tenantId, input.tableId);
          if (rows.every((o) => o.tableId === table.id)) throw fail('move_same_table');
          const moving = new Set(input.orderIds);
          const merge = (await repo.openOrdersAt(tx, tc.tenantId, table.id)).some((o) => !moving.has(o.id));
          const touched = new Map<number, ordersRepo.OrderRow>();
          for (const order of rows) {
            if (order.tableId === table.id) continue;
            for (const o of (await moveWhole(tx, tc, order, table)).touched) touched.set(o.id, o);
            await audit(tx, tc, {
              action: merge ? 'order.merge_table' : 'order.move_table',
              targetType: 'order',
              targetId: order.id,
              details: {
                tokenNo: order.tokenNo,
                businessDate: order.businessDate,
                from: { tableId: order.tableId, title: order.tableTitle },
                to: { tableId: table.id, title: table.title },
              },
            });
          }
          for (const order of touched.values()) emit('order_update', orderEvent(order));
          return { message: merge ? TABLES_MERGED : ORDERS_MOVED };
        });
        return answer;
      });
    },

    /**
     * POST /orders/move-item/:id: `quantity` units of a sent line go to another table, into the order
     * of the same ticket there (made as a new part of the ticket when there is none). Fewer units than
     * the line has split it, each part's figures recomputed; a move that would leave its order with
     * nothing to bill moves the whole order instead. The line keeps its status and sent time.
     */
    async moveItem(tc: TenantContext, itemId: number, input: MoveItemInput, key: string | undefined) {
      return database.inTenant(tc.tenantId, async (tx, emit) => {
        const request = { route: 'POST /orders/move-item/:id', body: { id: itemId, ...input } };
        const { answer } = await once(tx, tc.tenantId, key, request, async () => {
          const found = await ordersRepo.lockItemWithOrder(tx, tc.tenantId, itemId);
          if (!found) throw fail('order_item_not_found');
          const { item, order } = found;
          checkMovable(order);
          if (item.status === 'cancelled') throw fail('move_item_cancelled');
          if (input.quantity > item.quantity)
            throw fail('move_quantity_too_large', { max: String(item.quantity) });
          const table = await targetTable(tx, tc.tenantId, input.tableId);
          if (order.tableId === table.id) throw fail('move_same_table');

          const lines = await ordersRepo.listOrderItems(tx, tc.tenantId, [order.id]);
          const billedElsewhere = lines.some((l) => l.id !== item.id && l.status !== 'cancelled');
          const whole = input.quantity === item.quantity;
          let touched: ordersRepo.OrderRow[];
          let into: ordersRepo.OrderRow;
          if (whole && !billedElsewhere) ({ touched, into } = await moveWhole(tx, tc, order, table));
          else {
            into =
              (await repo.lockTicketAt(tx, tc.tenantId, order, table.id, order.id)) ??
              (await repo.insertPart(tx, tc.tenantId, order, table));
            if (whole) await repo.setItemsOrder(tx, tc.tenantId, [item.id], into.id);
            else {
              const [stays, goes] = splitFigures(item, input.quantity);
              await repo.setItemQuantity(tx, tc.tenantId, item.id, stays);
              await repo.insertSplitItem(tx, tc.tenantId, item, into.id, goes);
            }
            touched = [order, into];
          }
          await audit(tx, tc, {
            action: 'order_item.move',
            targetType: 'order_item',
            targetId: item.id,
            details: {
              item: item.itemTitle,
              quantity: input.quantity,
              of: item.quantity,
              tokenNo: order.tokenNo,
              fromOrderId: order.id,
              toOrderId: into.id,
              from: { tableId: order.tableId, title: order.tableTitle },
              to: { tableId: table.id, title: table.title },
            },
          });
          for (const o of touched) emit('order_update', orderEvent(o));
          return { message: ITEM_MOVED };
        });
        return answer;
      });
    },
  };
}

export type MovesService = ReturnType<typeof createMovesService>;
