import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** bytea as a Buffer on both drivers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

// The drizzle view of migrations/*.sql; the SQL files are the source of truth for the database.
const id = (name = 'id') => bigint(name, { mode: 'number' }).generatedAlwaysAsIdentity();
const tenantId = () => bigint('tenant_id', { mode: 'number' }).notNull();
const ref = (name: string) => bigint(name, { mode: 'number' });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () =>
  at('created_at')
    .notNull()
    .default(sql`now()`);

export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const tenants = pgTable('tenants', {
  id: id().primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  timezone: text('timezone').notNull().default('UTC'),
  subscriptionStart: at('subscription_start'),
  subscriptionEnd: at('subscription_end'),
  createdAt: createdAt(),
  updatedAt: at('updated_at')
    .notNull()
    .default(sql`now()`),
});

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
    updatedAt: at('updated_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const devices = pgTable(
  'devices',
  {
    tenantId: tenantId(),
    id: id(),
    userId: ref('user_id').notNull(),
    name: text('name').notNull(),
    ip: text('ip'),
    location: text('location'),
    refreshHash: text('refresh_hash').notNull(),
    previousRefreshHash: text('previous_refresh_hash'),
    rotatedAt: at('rotated_at')
      .notNull()
      .default(sql`now()`),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at')
      .notNull()
      .default(sql`now()`),
    revokedAt: at('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

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

export const auditLog = pgTable(
  'audit_log',
  {
    tenantId: tenantId(),
    id: id(),
    at: at('at')
      .notNull()
      .default(sql`now()`),
    actorUserId: ref('actor_user_id'),
    actorDeviceId: ref('actor_device_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    details: jsonb('details'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const superadmins = pgTable('superadmins', {
  id: id().primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull().default('Super Admin'),
  createdAt: createdAt(),
  updatedAt: at('updated_at')
    .notNull()
    .default(sql`now()`),
});

export const superadminDevices = pgTable('superadmin_devices', {
  id: id().primaryKey(),
  superadminId: ref('superadmin_id').notNull(),
  name: text('name').notNull(),
  ip: text('ip'),
  refreshHash: text('refresh_hash').notNull(),
  previousRefreshHash: text('previous_refresh_hash'),
  rotatedAt: at('rotated_at')
    .notNull()
    .default(sql`now()`),
  createdAt: createdAt(),
  revokedAt: at('revoked_at'),
});

export const platformAuditLog = pgTable('platform_audit_log', {
  id: id().primaryKey(),
  at: at('at')
    .notNull()
    .default(sql`now()`),
  superadminId: ref('superadmin_id'),
  action: text('action').notNull(),
  targetType: text('target_type'),
  targetId: text('target_id'),
  ip: text('ip'),
  details: jsonb('details'),
});

// 0002: settings and menu catalogue. Money columns hold integer minor units of the store currency.
const minor = (name: string) => bigint(name, { mode: 'number' });

export const storeSettings = pgTable('store_settings', {
  tenantId: bigint('tenant_id', { mode: 'number' }).primaryKey(),
  storeName: text('store_name').notNull().default(''),
  address: text('address').notNull().default(''),
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  currency: text('currency').notNull().default('USD'),
  image: text('image'),
  isQrMenuEnabled: boolean('is_qr_menu_enabled').notNull().default(false),
  isQrOrderEnabled: boolean('is_qr_order_enabled').notNull().default(false),
  uniqueQrCode: text('unique_qr_code').notNull(),
  updatedAt: at('updated_at')
    .notNull()
    .default(sql`now()`),
});

export const printSettings = pgTable('print_settings', {
  tenantId: bigint('tenant_id', { mode: 'number' }).primaryKey(),
  pageFormat: integer('page_format').notNull().default(80),
  header: text('header').notNull().default(''),
  footer: text('footer').notNull().default(''),
  showNotes: boolean('show_notes').notNull().default(true),
  isEnablePrint: boolean('is_enable_print').notNull().default(true),
  showStoreDetails: boolean('show_store_details').notNull().default(true),
  showCustomerDetails: boolean('show_customer_details').notNull().default(true),
  printToken: boolean('print_token').notNull().default(true),
  updatedAt: at('updated_at')
    .notNull()
    .default(sql`now()`),
});

export const storeTables = pgTable(
  'store_tables',
  {
    tenantId: tenantId(),
    id: id(),
    title: text('title').notNull(),
    floor: text('floor').notNull(),
    seatingCapacity: integer('seating_capacity').notNull(),
    qrToken: text('qr_token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const categories = pgTable(
  'categories',
  { tenantId: tenantId(), id: id(), title: text('title').notNull(), createdAt: createdAt() },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Titles are unique per tenant, ignoring case (0005).
    uniqueIndex('categories_tenant_title_key').on(t.tenantId, sql`lower(${t.title})`),
  ],
);

export const taxes = pgTable(
  'taxes',
  {
    tenantId: tenantId(),
    id: id(),
    title: text('title').notNull(),
    rateBp: integer('rate_bp').notNull(),
    type: text('type', { enum: ['exclusive', 'inclusive'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const paymentTypes = pgTable(
  'payment_types',
  {
    tenantId: tenantId(),
    id: id(),
    title: text('title').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const images = pgTable(
  'images',
  {
    tenantId: tenantId(),
    id: id(),
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const menuItems = pgTable(
  'menu_items',
  {
    tenantId: tenantId(),
    id: id(),
    title: text('title').notNull(),
    priceMinor: minor('price_minor').notNull(),
    netPriceMinor: minor('net_price_minor'),
    categoryId: ref('category_id'),
    taxId: ref('tax_id'),
    imageId: ref('image_id'),
    createdAt: createdAt(),
    updatedAt: at('updated_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

const option = (name: string) =>
  pgTable(
    name,
    {
      tenantId: tenantId(),
      id: id(),
      itemId: ref('item_id').notNull(),
      title: text('title').notNull(),
      priceMinor: minor('price_minor').notNull(),
      createdAt: createdAt(),
    },
    (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
  );
export const menuItemVariants = option('menu_item_variants');
export const menuItemAddons = option('menu_item_addons');

/** Sign-in rate-limit counters shared by every node on PostgreSQL (0004); keys are hashed. */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: at('reset_at').notNull(),
});
