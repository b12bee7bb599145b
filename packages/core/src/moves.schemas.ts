import { z } from 'zod';
import { QUANTITY_INVALID } from './orders.schemas.ts';
import { storeTableResponse } from './settings.schemas.ts';

// Moving orders and lines between tables (issue 15, docs/moves.md).

export const TABLE_NOT_FOUND = 'Table not found!';

/** A whole number as a form may send it: a string of digits only. */
const digitsAsNumber = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v);

/** A positive id; `message` when it is anything else. */
const idOf = (message: string) =>
  z.preprocess(
    digitsAsNumber,
    z
      .number({ error: message })
      .int({ error: message })
      .positive({ error: message })
      .max(Number.MAX_SAFE_INTEGER, { error: message }),
  );

/**
 * POST /orders/move-table {orderIds, tableId}: a table group's orders go to another table; when that
 * table has open orders the two groups are one from then on (a merge).
 */
export const moveTableSchema = z.object({
  orderIds: z
    .array(idOf('Order not found!'), { error: 'Please select orders!' })
    .min(1, { error: 'Please select orders!' })
    .max(100, { error: 'Too many orders!' })
    .transform((ids) => [...new Set(ids)]),
  tableId: idOf(TABLE_NOT_FOUND),
});
export type MoveTableInput = z.input<typeof moveTableSchema>;

/** POST /orders/move-item/{id} {tableId, quantity}: some or all units of a sent line go to another table. */
export const moveItemSchema = z.object({
  tableId: idOf(TABLE_NOT_FOUND),
  quantity: z.preprocess(
    digitsAsNumber,
    z
      .number({ error: QUANTITY_INVALID })
      .int({ error: QUANTITY_INVALID })
      .positive({ error: QUANTITY_INVALID })
      .max(Number.MAX_SAFE_INTEGER, { error: QUANTITY_INVALID }),
  ),
});
export type MoveItemInput = z.input<typeof moveItemSchema>;

/** GET /orders/tables: the tables a group or a line can move to. */
export const moveTablesResponse = z.object({ tables: z.array(storeTableResponse) });
export type MoveTables = z.infer<typeof moveTablesResponse>;
