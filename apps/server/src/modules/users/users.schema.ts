import { pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id, tenantId, updatedAt } from '../../platform/db/columns.ts';

export const users = pgTable(
  'users',
  {
    tenantId: tenantId(),
    id: id(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['admin', 'staff'] }).notNull(),
    scope: text('scope').notNull().default(''),
    designation: text('designation'),
    phone: text('phone'),
    email: text('email'),
    photo: text('photo'),
    // A manager's PIN (0022, docs/discounts.md): its argon2id hash, wrong tries in a row, locks in a row,
    // locked until.
    pinHash: text('pin_hash'),
    pinFailures: smallint('pin_failures').notNull().default(0),
    pinLocks: smallint('pin_locks').notNull().default(0),
    pinLockedUntil: at('pin_locked_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
