// Helpers shared by the order test files (not a test file itself: vitest only runs *.test.ts).
import crypto from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import {
  auditLog,
  customers,
  idempotencyKeys,
  invoicePayments,
  invoices,
  menuItemAddons,
  menuItemVariants,
  menuItems,
  orderItems,
  orders,
  paymentTypes,
  storeTables,
  taxes,
  tokenCounters,
  voidReasons,
} from '../../platform/db/schema.ts';
import { type TestApp, createTenant } from '../../../test/harness.ts';

export const uuid = () => crypto.randomUUID();

/**
 * A tenant with a small menu written straight to the tables (the menu and settings routes have their
 * own tests): a Burger (10.00, 7.5 % exclusive) with variants Large 14.00 and Small 8.00 and addons
 * Cheese 1.50 and Bacon 2.00; a Soda (3.00, 10 % inclusive); a Water (1.00, no tax); payment types
 * Cash (the store's own: active, the default) and Card (inactive); table T1 on Ground; customer Ana; `voidReason`: the first of the tenant's default void reasons.
 */
export async function createStore(app: TestApp) {
  const owner = await createTenant(app);
  const { tenantId } = owner;
  const ids = await app.database.inTenant(tenantId, async (tx) => {
    const one = async <T>(rows: Promise<T[]>) => {
      const [row] = await rows;
      if (!row) throw new Error('fixture insert returned nothing');
      return row;
    };
    const excl = await one(
      tx
        .insert(taxes)
        .values({ tenantId, title: 'VAT', rateBp: 750, type: 'exclusive' })
        .returning({ id: taxes.id }),
    );
    const incl = await one(
      tx
        .insert(taxes)
        .values({ tenantId, title: 'GST', rateBp: 1000, type: 'inclusive' })
        .returning({ id: taxes.id }),
    );
    const item = (title: string, priceMinor: number, taxId: number | null) =>
      one(
        tx.insert(menuItems).values({ tenantId, title, priceMinor, taxId }).returning({ id: menuItems.id }),
      );
    const burger = await item('Burger', 1000, excl.id);
    const soda = await item('Soda', 300, incl.id);
    const water = await item('Water', 100, null);
    const option = (table: typeof menuItemVariants, itemId: number, title: string, priceMinor: number) =>
      one(tx.insert(table).values({ tenantId, itemId, title, priceMinor }).returning({ id: table.id }));
    const large = await option(menuItemVariants, burger.id, 'Large', 1400);
    const small = await option(menuItemVariants, burger.id, 'Small', 800);
    const cheese = await option(menuItemAddons, burger.id, 'Cheese', 150);
    const bacon = await option(menuItemAddons, burger.id, 'Bacon', 200);
    const ice = await option(menuItemAddons, soda.id, 'Ice', 0);
    // Every tenant starts with Cash, active and the default (0031), and Card (0039).
    const cash = await one(
      tx
        .select({ id: paymentTypes.id })
        .from(paymentTypes)
        .where(and(eq(paymentTypes.tenantId, tenantId), eq(paymentTypes.isCash, true))),
    );
    // The store's Card, switched off: the suites pay with Cash and check that an inactive type is refused.
    const card = await one(
      tx
        .update(paymentTypes)
        .set({ isActive: false })
        .where(and(eq(paymentTypes.tenantId, tenantId), eq(paymentTypes.title, 'Card')))
        .returning({ id: paymentTypes.id }),
    );
    const table = await one(
      tx
        .insert(storeTables)
        .values({ tenantId, title: 'T1', floor: 'Ground', seatingCapacity: 4, qrToken: uuid() })
        .returning({ id: storeTables.id }),
    );
    const customer = await one(
      tx
        .insert(customers)
        .values({ tenantId, phone: '555-0101', name: 'Ana' })
        .returning({ id: customers.id }),
    );
    // Every tenant starts with the default void reasons (0017): voids and cancels name the first.
    const reason = await one(
      tx.select({ id: voidReasons.id }).from(voidReasons).where(eq(voidReasons.tenantId, tenantId)).limit(1),
    );
    return {
      voidReason: reason.id,
      burger: burger.id,
      soda: soda.id,
      water: water.id,
      large: large.id,
      small: small.id,
      cheese: cheese.id,
      bacon: bacon.id,
      ice: ice.id,
      cash: cash.id,
      card: card.id,
      table: table.id,
      customer: customer.id,
    };
  });
  return { owner, ...ids };
}
export type Store = Awaited<ReturnType<typeof createStore>>;

/**
 * The three-line cart of the totals example: 2 × Burger Large + Cheese + Bacon (17.50, 7.5 % on top),
 * 3 × Soda (3.00, 10 % included), 1 × Water (1.00, no tax). Items 44.18, tax 3.45, payable 47.63.
 */
export function threeLineCart(s: Store) {
  return [
    {
      uuid: uuid(),
      item_id: s.burger,
      variant_id: s.large,
      addons_ids: [s.cheese, s.bacon],
      quantity: 2,
      notes: 'no onion',
    },
    { uuid: uuid(), item_id: s.soda, quantity: 3 },
    { uuid: uuid(), item_id: s.water, quantity: 1 },
  ];
}

export function orderBody(s: Store, extra: Record<string, unknown> = {}) {
  return { uuid: uuid(), cart: threeLineCart(s), deliveryType: 'dinein', ...extra };
}

export function payBody(s: Store, extra: Record<string, unknown> = {}) {
  return {
    ...orderBody(s),
    netTotal: 44.18,
    taxTotal: 3.45,
    total: 47.63,
    payment: { paymentTypeId: s.cash },
    ...extra,
  };
}

/** How many rows of each order table the tenant has: "nothing written" compares two of these. */
export async function counts(app: TestApp, tenantId: number) {
  return app.database.inTenant(tenantId, async (tx) => {
    const n = async (table: typeof orders | typeof orderItems | typeof invoices) =>
      (await tx.select({ n: count() }).from(table).where(eq(table.tenantId, tenantId)))[0]?.n ?? 0;
    const [payments] = await tx
      .select({ n: count() })
      .from(invoicePayments)
      .where(eq(invoicePayments.tenantId, tenantId));
    const [tokens] = await tx
      .select({ n: count() })
      .from(tokenCounters)
      .where(eq(tokenCounters.tenantId, tenantId));
    const [keys] = await tx
      .select({ n: count() })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.tenantId, tenantId));
    const [audits] = await tx.select({ n: count() }).from(auditLog).where(eq(auditLog.tenantId, tenantId));
    return {
      orders: await n(orders),
      orderItems: await n(orderItems),
      invoices: await n(invoices),
      payments: payments?.n ?? 0,
      tokenDays: tokens?.n ?? 0,
      keys: keys?.n ?? 0,
      audits: audits?.n ?? 0,
    };
  });
}

/** An order and its lines as stored. */
export async function readOrder(app: TestApp, tenantId: number, orderId: number) {
  return app.database.inTenant(tenantId, async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)));
    const lines = await tx
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.tenantId, tenantId), eq(orderItems.orderId, orderId)))
      .orderBy(orderItems.id);
    return { order, lines };
  });
}

/** An invoice and its payments as stored. */
export async function readInvoice(app: TestApp, tenantId: number, invoiceId: number) {
  return app.database.inTenant(tenantId, async (tx) => {
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, invoiceId)));
    const payments = await tx
      .select()
      .from(invoicePayments)
      .where(and(eq(invoicePayments.tenantId, tenantId), eq(invoicePayments.invoiceId, invoiceId)));
    return { invoice, payments };
  });
}

/** Sends an order to the kitchen unpaid through POST /pos/create-order; answers its id and line ids. */
export async function sendOrder(app: TestApp, s: Store, extra: Record<string, unknown> = {}) {
  const res = await s.owner.client.post<{ orderId: number; tokenNo: number }>(
    '/pos/create-order',
    orderBody(s, extra),
  );
  if (res.status !== 200) throw new Error(`create-order answered ${res.status}`);
  const { lines } = await readOrder(app, s.owner.tenantId, res.body.orderId);
  return { orderId: res.body.orderId, tokenNo: res.body.tokenNo, lineIds: lines.map((l) => l.id) };
}

/** The body of POST /orders/complete-and-pay-order for the three-line cart (44.18 / 3.45 / 47.63). */
export function payGroupBody(s: Store, orderIds: number[], extra: Record<string, unknown> = {}) {
  return {
    orderIds,
    subTotal: 44.18,
    taxTotal: 3.45,
    total: 47.63,
    payment: { paymentTypeId: s.cash },
    ...extra,
  };
}
