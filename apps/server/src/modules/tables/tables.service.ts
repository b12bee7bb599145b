import type { StoreTable, storeTableSchema } from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { fail } from '../../platform/errors.ts';
import { presentTable } from './tables.presenter.ts';
import * as repo from './tables.repo.ts';

type TableInput = z.output<typeof storeTableSchema>;

/** The store's tables (SPEC §2 Store Tables); their QR codes are drawn by the store module. */
export function createTablesService(ctx: AppContext) {
  const { database } = ctx;

  return {
    async list(tc: TenantContext): Promise<StoreTable[]> {
      const rows = await database.inTenant(tc.tenantId, (tx) => repo.listTables(tx, tc.tenantId));
      return rows.map(presentTable);
    },

    async add(tc: TenantContext, input: TableInput) {
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        const row = await repo.insertTable(tx, tc.tenantId, input);
        await audit(tx, tc, { action: 'table.add', targetType: 'table', targetId: row?.id, details: input });
        emit('tables_updated', {});
      });
      return { message: 'Table added!' };
    },

    async update(tc: TenantContext, id: number, input: TableInput) {
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        if (!(await repo.updateTable(tx, tc.tenantId, id, input))) throw fail('table_not_found');
        await audit(tx, tc, { action: 'table.update', targetType: 'table', targetId: id, details: input });
        emit('tables_updated', {});
      });
      return { message: 'Table updated!' };
    },

    async remove(tc: TenantContext, id: number) {
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        const row = await repo.deleteTable(tx, tc.tenantId, id);
        if (!row) throw fail('table_not_found');
        await audit(tx, tc, {
          action: 'table.delete',
          targetType: 'table',
          targetId: id,
          details: { title: row.title },
        });
        emit('tables_updated', {});
      });
      return { message: 'Table deleted!' };
    },
  };
}
export type TablesService = ReturnType<typeof createTablesService>;
