import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, updatedAt } from '../../platform/db/columns.ts';

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
