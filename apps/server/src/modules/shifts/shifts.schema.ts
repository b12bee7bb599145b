import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id, minor, ref, tenantId } from '../../platform/db/columns.ts';

/** A till session (migration 0018): opened with a float, closed with a count; closed ones never change. */
export const shifts = pgTable(
  'shifts',
  {
    tenantId: tenantId(),
    id: id(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    currency: text('currency').notNull(),
    floatMinor: minor('float_minor').notNull(),
    openedBy: ref('opened_by'),
    openedByName: text('opened_by_name').notNull(),
    openedAt: at('opened_at').notNull(),
    closedBy: ref('closed_by'),
    closedByName: text('closed_by_name'),
    closedAt: at('closed_at'),
    /** The lines voided in the shift as they stood at the close (null while open). */
    voidsCount: integer('voids_count'),
    voidsMinor: minor('voids_minor'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Pay ins and pay outs with their note, and "No sale" drawer openings (amount 0). */
export const shiftMovements = pgTable(
  'shift_movements',
  {
    tenantId: tenantId(),
    id: id(),
    shiftId: ref('shift_id').notNull(),
    kind: text('kind', { enum: ['pay_in', 'pay_out', 'no_sale'] }).notNull(),
    amountMinor: minor('amount_minor').notNull().default(0),
    note: text('note'),
    createdBy: ref('created_by'),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** The close: expected, counted and over/short per line of the count. */
export const shiftCounts = pgTable(
  'shift_counts',
  {
    tenantId: tenantId(),
    shiftId: ref('shift_id').notNull(),
    lineKey: text('line_key').notNull(),
    paymentTypeId: ref('payment_type_id'),
    title: text('title').notNull(),
    isCash: boolean('is_cash').notNull(),
    expectedMinor: minor('expected_minor').notNull(),
    countedMinor: minor('counted_minor'),
    differenceMinor: minor('difference_minor'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.shiftId, t.lineKey] })],
);
