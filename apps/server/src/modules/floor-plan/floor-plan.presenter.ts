import { type PlanTable, defaultPlacement } from '@comanda/core';
import type { storeTables } from '../../platform/db/schema.ts';

type TableRow = typeof storeTables.$inferSelect;

/**
 * The tables as the plan shows them, in id order: a table the owner has not placed yet takes the grid
 * slot of its rank on its floor (defaultPlacement), so a store's tables appear laid out from day one.
 */
export function presentPlanTables(rows: readonly TableRow[]): PlanTable[] {
  const rankOnFloor = new Map<string, number>();
  return rows.map((t) => {
    const rank = rankOnFloor.get(t.floor) ?? 0;
    rankOnFloor.set(t.floor, rank + 1);
    const placed =
      t.planX !== null && t.planY !== null && t.planWidth !== null && t.planHeight !== null
        ? { x: t.planX, y: t.planY, width: t.planWidth, height: t.planHeight }
        : defaultPlacement(rank);
    return {
      id: t.id,
      table_title: t.title,
      floor: t.floor,
      seating_capacity: t.seatingCapacity,
      ...placed,
      shape: t.planShape,
    };
  });
}
