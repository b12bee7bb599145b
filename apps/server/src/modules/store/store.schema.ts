import { bigint, boolean, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../platform/db/columns.ts';

// One row per tenant each (0002).

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
  /** The kitchen ticket timer turns amber, then red, after these many minutes. */
  kitchenWarnMinutes: integer('kitchen_warn_minutes').notNull().default(5),
  kitchenLateMinutes: integer('kitchen_late_minutes').notNull().default(8),
  /** A cancel or a void must name a reason (0024, docs/voids.md); SPEC §7 gives none, so off by default. */
  requireVoidReason: boolean('require_void_reason').notNull().default(false),
  /** A diner's QR order goes to the kitchen at once instead of waiting at the POS (0033, docs/qr-menu.md). */
  qrOrdersToKitchen: boolean('qr_orders_to_kitchen').notNull().default(false),
  /** A dine-in order may carry a name tag instead of a table (0032, docs/tickets.md); off by default. */
  allowNameTags: boolean('allow_name_tags').notNull().default(false),
  /** Discounts and service charge (0020): the manager threshold and the automatic charge. */
  managerDiscountBp: integer('manager_discount_bp').notNull().default(2000),
  serviceChargeBp: integer('service_charge_bp').notNull().default(0),
  serviceChargeGuests: smallint('service_charge_guests').notNull().default(6),
  updatedAt: updatedAt(),
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
  /** Whether a dine-in Send prints a token too (0034); takeaway and delivery always do. */
  printTokenDineIn: boolean('print_token_dine_in').notNull().default(false),
  updatedAt: updatedAt(),
});
