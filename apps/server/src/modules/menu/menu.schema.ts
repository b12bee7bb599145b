import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, id, minor, ref, tenantId, updatedAt } from '../../platform/db/columns.ts';

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
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Variants and add-ons of an item share one shape. */
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
