import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id, ref, tenantId, updatedAt } from '../../platform/db/columns.ts';

/** One stretch on the clock of one person (migration 0037); clock_out null while they work. */
export const timeEntries = pgTable(
  'time_entries',
  {
    tenantId: tenantId(),
    id: id(),
    userId: ref('user_id').notNull(),
    /** The name as it was: a deleted user's hours keep it. */
    userName: text('user_name').notNull(),
    clockIn: at('clock_in').notNull(),
    clockOut: at('clock_out'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** A break inside an entry; ended_at null while it runs. */
export const timeBreaks = pgTable(
  'time_breaks',
  {
    tenantId: tenantId(),
    id: id(),
    entryId: ref('entry_id').notNull(),
    startedAt: at('started_at').notNull(),
    endedAt: at('ended_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
