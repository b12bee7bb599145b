import type { StoreTable } from '@comanda/core';
import type { storeTables } from '../../platform/db/schema.ts';

/** A table as every screen lists it (SPEC §3 Store table); `encrypted_id` is its QR link's token. */
export function presentTable(t: typeof storeTables.$inferSelect): StoreTable {
  return {
    id: t.id,
    table_title: t.title,
    seating_capacity: t.seatingCapacity,
    floor: t.floor,
    encrypted_id: t.qrToken,
  };
}
