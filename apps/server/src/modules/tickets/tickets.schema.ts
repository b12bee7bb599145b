import { bigint, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId } from '../../platform/db/columns.ts';

/** A ticket saved with Draft, owned by the user who saved it, on every device (0032, issue 31). */
export const posDrafts = pgTable(
  'pos_drafts',
  {
    tenantId: tenantId(),
    id: id(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    nameRef: text('name_ref').notNull(),
    ticket: jsonb('ticket').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('pos_drafts_user_idx').on(t.tenantId, t.userId, t.createdAt),
  ],
);
