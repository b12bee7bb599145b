import {
  type FloorPlan,
  type LiveFloorPlan,
  type OpenOrderAtTable,
  type floorPlanSaveSchema,
  tableStateOf,
} from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { fail } from '../../platform/errors.ts';
import { orderEvent } from '../orders/orders.presenter.ts';
import * as ordersRepo from '../orders/orders.repo.ts';
import * as tablesRepo from '../tables/tables.repo.ts';
import { presentPlanTables } from './floor-plan.presenter.ts';
import * as repo from './floor-plan.repo.ts';

type SaveInput = z.output<typeof floorPlanSaveSchema>;

/**
 * The floor plan (issue 31, docs/floor-plan.md): the owner places the tables of each floor; Table
 * Orders shows them with their live state. Tables themselves are the tables module's.
 */
export function createFloorPlanService(ctx: AppContext) {
  const { database } = ctx;

  return {
    /** GET /settings/floor-plan: every table, placed. */
    async plan(tc: TenantContext): Promise<FloorPlan> {
      const rows = await database.inTenant(tc.tenantId, (tx) => tablesRepo.listTables(tx, tc.tenantId));
      return { tables: presentPlanTables(rows) };
    },

    /**
     * GET /orders/floor-plan: every table, placed, with its state and since when it is seated, from the
     * open dine-in orders at it (tableStateOf). Read in one transaction, so a table's state and its
     * orders agree.
     */
    async live(tc: TenantContext): Promise<LiveFloorPlan> {
      const now = ctx.now();
      const { rows, open } = await database.inTenant(tc.tenantId, async (tx) => {
        const rows = await tablesRepo.listTables(tx, tc.tenantId);
        const atTables = (await ordersRepo.listOpenOrders(tx, tc.tenantId)).filter(
          (o) => o.deliveryType === 'dinein' && o.tableId !== null,
        );
        return { rows, open: await ordersRepo.withItems(tx, tc.tenantId, atTables) };
      });
      const byTable = new Map<number, OpenOrderAtTable[]>();
      for (const { order, items } of open) {
        if (order.tableId === null) continue;
        const list = byTable.get(order.tableId) ?? [];
        list.push({
          createdAt: order.createdAt,
          receiptPrintedAt: order.receiptPrintedAt,
          items: items.filter((i) => i.status !== 'cancelled'),
        });
        byTable.set(order.tableId, list);
      }
      return {
        now: now.toISOString(),
        tables: presentPlanTables(rows).map((t) => {
          const { state, seatedAt } = tableStateOf(byTable.get(t.id) ?? [], now);
          return { ...t, state, seated_at: seatedAt?.toISOString() ?? null };
        }),
      };
    },

    /**
     * POST /settings/floor-plan: places, reshapes and renames tables. All or nothing: one table that is
     * not the tenant's answers 404 and nothing is saved. One audit row for the save.
     */
    async save(tc: TenantContext, input: SaveInput) {
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        for (const table of input.tables)
          if (!(await repo.placeTable(tx, tc.tenantId, table))) throw fail('table_not_found');
        await audit(tx, tc, { action: 'table.plan', targetType: 'table', details: { tables: input.tables } });
        emit('tables_updated', {});
      });
      return { message: 'Floor plan saved!' };
    },

    /**
     * POST /orders/receipt-printed: a group's bill was printed from Table Orders, so its table reads
     * "bill printed". Another tenant's order answers 404; an order no longer open is left as it is.
     */
    async receiptPrinted(tc: TenantContext, orderIds: number[]) {
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        if ((await repo.countOrders(tx, tc.tenantId, orderIds)) !== orderIds.length)
          throw fail('order_not_found');
        for (const order of await repo.markReceiptPrinted(tx, tc.tenantId, orderIds, ctx.now()))
          emit('order_update', orderEvent(order));
      });
      return { message: 'Receipt printed!' };
    },
  };
}
export type FloorPlanService = ReturnType<typeof createFloorPlanService>;
