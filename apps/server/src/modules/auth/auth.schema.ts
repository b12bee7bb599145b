import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id, ref, tenantId } from '../../platform/db/columns.ts';

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tenantId: tenantId(),
    id: id(),
    userId: ref('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
