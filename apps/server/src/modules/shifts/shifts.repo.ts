import {
  type SQLWrapper,
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  exists,
  gte,
  lte,
  sql,
} from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import {
  invoicePayments,
  invoices,
  orderItems,
  paymentTypes,
  refunds,
  shiftCounts,
  shiftMovements,
  shifts,
} from '../../platform/db/schema.ts';

// The shifts, shift_movements and shift_counts tables, and the figures a shift's count and Z report
// read from invoices, invoice_payments, refunds and order_items.

export type ShiftRow = typeof shifts.$inferSelect;
export type MovementRow = typeof shiftMovements.$inferSelect;
export type CountRow = typeof shiftCounts.$inferSelect;

/** sum() of a bigint is a numeric, which pg answers as a string. */
const total = (column: SQLWrapper) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

/** The tenant's open shift, if any (at most one: shifts_one_open_key). */
export async function findOpen(tx: Tx, tenantId: number): Promise<ShiftRow | undefined> {
  const [row] = await tx
    .select()
    .from(shifts)
    .where(and(eq(shifts.tenantId, tenantId), eq(shifts.status, 'open')))
    .limit(1);
  return row;
}

/**
 * The tenant's newest shift, held FOR SHARE until commit: the open one if any (a shift opens only once
 * the one before it closed, so it has the highest id), else the last closed. One row of the primary
 * key, read only when a sale is replayed (sale-clock.ts). The lock is what makes it exact under a close:
 * a close holds its shift FOR UPDATE, so this read waits for it and then returns the row as the close
 * left it (PostgreSQL re-reads a locked row's latest version), closed and with its closed_at.
 */
export async function findNewest(tx: Tx, tenantId: number): Promise<ShiftRow | undefined> {
  const [row] = await tx
    .select()
    .from(shifts)
    .where(eq(shifts.tenantId, tenantId))
    .orderBy(desc(shifts.id))
    .limit(1)
    .for('share');
  return row;
}

/**
 * One shift. `lock`: FOR UPDATE, which a close takes before it adds anything up, so a payment that
 * holds the shift FOR SHARE (the invoice_payments trigger) is counted, and one that comes after waits.
 */
export async function findShift(
  tx: Tx,
  tenantId: number,
  id: number,
  opts: { lock?: 'update' | 'share' } = {},
): Promise<ShiftRow | undefined> {
  const query = tx
    .select()
    .from(shifts)
    .where(and(eq(shifts.tenantId, tenantId), eq(shifts.id, id)))
    .limit(1);
  const [row] = await (opts.lock ? query.for(opts.lock) : query);
  return row;
}

export async function insertShift(
  tx: Tx,
  tenantId: number,
  values: Pick<ShiftRow, 'currency' | 'floatMinor' | 'openedBy' | 'openedByName' | 'openedAt'>,
): Promise<ShiftRow> {
  const [row] = await tx
    .insert(shifts)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('shift insert returned no row');
  return row;
}

/**
 * Lines voided between two instants (docs/voids.md): voided_at in the window. A line voided and then
 * restored has no voided_at any more.
 */
async function voidsBetween(tx: Tx, tenantId: number, from: Date, until: Date) {
  const [voids] = await tx
    .select({ count: count(), amount: total(orderItems.totalMinor) })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.tenantId, tenantId),
        eq(orderItems.status, 'cancelled'),
        gte(orderItems.voidedAt, from),
        lte(orderItems.voidedAt, until),
      ),
    );
  return voids ?? { count: 0, amount: 0 };
}

/** Closes an open shift, keeping its voids as they stand now (a restore later cannot change them). */
export async function closeShift(
  tx: Tx,
  tenantId: number,
  shift: ShiftRow,
  values: { closedBy: number; closedByName: string; closedAt: Date },
): Promise<ShiftRow | undefined> {
  const voids = await voidsBetween(tx, tenantId, shift.openedAt, values.closedAt);
  const id = shift.id;
  const [row] = await tx
    .update(shifts)
    .set({ ...values, status: 'closed', voidsCount: voids.count, voidsMinor: voids.amount })
    .where(and(eq(shifts.tenantId, tenantId), eq(shifts.id, id), eq(shifts.status, 'open')))
    .returning();
  return row;
}

/** The newest `limit` shifts, newest first. */
export function listShifts(tx: Tx, tenantId: number, limit: number): Promise<ShiftRow[]> {
  return tx
    .select()
    .from(shifts)
    .where(eq(shifts.tenantId, tenantId))
    .orderBy(desc(shifts.openedAt), desc(shifts.id))
    .limit(limit);
}

export async function insertMovement(
  tx: Tx,
  tenantId: number,
  values: Omit<typeof shiftMovements.$inferInsert, 'tenantId' | 'id'>,
): Promise<MovementRow> {
  const [row] = await tx
    .insert(shiftMovements)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('movement insert returned no row');
  return row;
}

export function listMovements(tx: Tx, tenantId: number, shiftId: number): Promise<MovementRow[]> {
  return tx
    .select()
    .from(shiftMovements)
    .where(and(eq(shiftMovements.tenantId, tenantId), eq(shiftMovements.shiftId, shiftId)))
    .orderBy(asc(shiftMovements.id));
}

export async function insertCounts(tx: Tx, tenantId: number, rows: Omit<CountRow, 'tenantId'>[]) {
  if (rows.length === 0) return;
  await tx.insert(shiftCounts).values(rows.map((r) => ({ ...r, tenantId })));
}

function listCounts(tx: Tx, tenantId: number, shiftId: number): Promise<CountRow[]> {
  return tx
    .select()
    .from(shiftCounts)
    .where(and(eq(shiftCounts.tenantId, tenantId), eq(shiftCounts.shiftId, shiftId)))
    .orderBy(desc(shiftCounts.isCash), sql`${shiftCounts.paymentTypeId} nulls last`, asc(shiftCounts.title));
}

/** The payments a shift holds, by payment type (id, or the title paid under when the type is gone). */
function paymentsByType(tx: Tx, tenantId: number, shiftId: number) {
  return tx
    .select({
      paymentTypeId: invoicePayments.paymentTypeId,
      title: sql<string>`max(${invoicePayments.paymentTypeTitle})`,
      // As the type said when each was made (0018): deleting or changing a type later moves nothing.
      isCash: sql<boolean>`bool_or(${invoicePayments.isCash})`,
      count: count(),
      amount: total(invoicePayments.amountMinor),
    })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.tenantId, tenantId), eq(invoicePayments.shiftId, shiftId)))
    .groupBy(
      invoicePayments.paymentTypeId,
      sql`case when ${invoicePayments.paymentTypeId} is null then ${invoicePayments.paymentTypeTitle} end`,
    )
    .orderBy(asc(invoicePayments.paymentTypeId), sql`2`);
}

/** The shift's refunds by the payment type they were paid out with (0021 sets refunds.shift_id). */
function refundsByType(tx: Tx, tenantId: number, shiftId: number) {
  return tx
    .select({
      paymentTypeId: refunds.paymentTypeId,
      title: sql<string>`max(${refunds.paymentTypeTitle})`,
      isCash: sql<boolean>`bool_or(${refunds.isCash})`,
      count: count(),
      amount: total(refunds.totalMinor),
    })
    .from(refunds)
    .where(and(eq(refunds.tenantId, tenantId), eq(refunds.shiftId, shiftId)))
    .groupBy(
      refunds.paymentTypeId,
      sql`case when ${refunds.paymentTypeId} is null then ${refunds.paymentTypeTitle} end`,
    )
    .orderBy(asc(refunds.paymentTypeId), sql`2`);
}

export interface TenderLine {
  key: string;
  paymentTypeId: number | null;
  title: string;
  isCash: boolean;
  expectedMinor: number;
}

/**
 * What a shift should hold per line of the count (docs/shifts.md, "Expected"): every active payment
 * type and every type paid in the shift; the drawer (the first cash type, or a 'Cash' line when the
 * store has none) holds the float + cash paid (amount applied: tendered minus change) + pay ins − pay
 * outs; every other line its payments. Cash lines first.
 */
export async function expectedTenders(tx: Tx, tenantId: number, shift: ShiftRow): Promise<TenderLine[]> {
  const types = await tx
    .select({
      id: paymentTypes.id,
      title: paymentTypes.title,
      isActive: paymentTypes.isActive,
      isCash: paymentTypes.isCash,
    })
    .from(paymentTypes)
    .where(eq(paymentTypes.tenantId, tenantId))
    .orderBy(asc(paymentTypes.id));
  const paid = await paymentsByType(tx, tenantId, shift.id);
  // A refund is money given back from the type it names: cash from the drawer, card off the card takings.
  const refunded = (await refundsByType(tx, tenantId, shift.id)).map((r) => ({ ...r, amount: -r.amount }));
  const movements = await listMovements(tx, tenantId, shift.id);

  const lines = new Map<string, TenderLine>();
  for (const t of types) {
    if (!t.isActive && !paid.some((p) => p.paymentTypeId === t.id)) continue;
    lines.set(`type:${t.id}`, {
      key: `type:${t.id}`,
      paymentTypeId: t.id,
      title: t.title,
      isCash: t.isCash,
      expectedMinor: 0,
    });
  }
  for (const p of [...paid, ...refunded]) {
    const key = p.paymentTypeId === null ? `title:${p.title}` : `type:${p.paymentTypeId}`;
    const line = lines.get(key) ?? {
      key,
      paymentTypeId: p.paymentTypeId,
      title: p.title,
      isCash: p.isCash,
      expectedMinor: 0,
    };
    line.expectedMinor += p.amount;
    lines.set(key, line);
  }
  let drawer = [...lines.values()].find((l) => l.isCash);
  if (!drawer) {
    drawer = { key: 'drawer', paymentTypeId: null, title: 'Cash', isCash: true, expectedMinor: 0 };
    lines.set(drawer.key, drawer);
  }
  drawer.expectedMinor += shift.floatMinor;
  for (const m of movements) {
    if (m.kind === 'pay_in') drawer.expectedMinor += m.amountMinor;
    if (m.kind === 'pay_out') drawer.expectedMinor -= m.amountMinor;
  }
  return [...lines.values()].sort((a, b) => Number(b.isCash) - Number(a.isCash));
}

/** A line of a shift's count with what was counted, once closed. */
export type ZTender = TenderLine & { countedMinor: number | null; differenceMinor: number | null };

/**
 * A shift's Z report in minor units: everything the report prints, read in one place so a new figure
 * is one more query here. "In the shift" means: bills with a payment recorded in the shift; voids and
 * drawer movements between its open and its close (now, while it is open).
 */
export async function zReport(tx: Tx, tenantId: number, shift: ShiftRow, now: Date) {
  const until = shift.closedAt ?? now;
  const paidInShift = exists(
    tx
      .select({ one: sql`1` })
      .from(invoicePayments)
      .where(
        and(
          eq(invoicePayments.tenantId, invoices.tenantId),
          eq(invoicePayments.invoiceId, invoices.id),
          eq(invoicePayments.shiftId, shift.id),
        ),
      ),
  );
  const [sales] = await tx
    .select({
      bills: count(),
      net: total(invoices.subTotalMinor),
      tax: total(invoices.taxTotalMinor),
      total: total(invoices.totalMinor),
      // Discounts, tips and service charges of the same bills (migration 0020, docs/discounts.md).
      discounts: total(invoices.discountMinor),
      tips: total(invoices.tipMinor),
      serviceCharge: total(invoices.serviceChargeMinor),
    })
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), paidInShift));

  // Lines voided in the shift: kept at the close, counted live while it is open.
  const voids =
    shift.status === 'closed' && shift.voidsCount !== null && shift.voidsMinor !== null
      ? { count: shift.voidsCount, amount: shift.voidsMinor }
      : await voidsBetween(tx, tenantId, shift.openedAt, until);
  const [refunded] = await tx
    .select({ count: count(), amount: total(refunds.totalMinor) })
    .from(refunds)
    .where(and(eq(refunds.tenantId, tenantId), eq(refunds.shiftId, shift.id)));
  // Sales replayed from a device's outbox, taken before the shift opened (0026): in its drawer, late.
  const [late] = await tx
    .select({ count: countDistinct(invoicePayments.invoiceId), amount: total(invoicePayments.amountMinor) })
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.tenantId, tenantId),
        eq(invoicePayments.shiftId, shift.id),
        eq(invoicePayments.takenBeforeShift, true),
      ),
    );

  const payments = await paymentsByType(tx, tenantId, shift.id);
  const movements = await listMovements(tx, tenantId, shift.id);
  const counted = shift.status === 'closed' ? await listCounts(tx, tenantId, shift.id) : [];
  const tenders: ZTender[] =
    shift.status === 'closed'
      ? counted.map((c) => ({
          key: c.lineKey,
          paymentTypeId: c.paymentTypeId,
          title: c.title,
          isCash: c.isCash,
          expectedMinor: c.expectedMinor,
          countedMinor: c.countedMinor,
          differenceMinor: c.differenceMinor,
        }))
      : (await expectedTenders(tx, tenantId, shift)).map((l) => ({
          ...l,
          countedMinor: null,
          differenceMinor: null,
        }));
  const sumOf = (kind: MovementRow['kind']) => {
    const of = movements.filter((m) => m.kind === kind);
    return { count: of.length, amount: of.reduce((s, m) => s + m.amountMinor, 0) };
  };

  return {
    sales: { bills: sales?.bills ?? 0, net: sales?.net ?? 0, tax: sales?.tax ?? 0, total: sales?.total ?? 0 },
    // Sums of invoices.discount_minor, tip_minor and service_charge_minor over the `paidInShift` bills.
    discounts: sales?.discounts ?? 0,
    tips: sales?.tips ?? 0,
    serviceCharge: sales?.serviceCharge ?? 0,
    refunds: refunded ?? { count: 0, amount: 0 },
    takenBeforeShift: late ?? { count: 0, amount: 0 },
    voids,
    payments,
    payIns: sumOf('pay_in'),
    payOuts: sumOf('pay_out'),
    noSales: sumOf('no_sale').count,
    movements,
    tenders,
  };
}

export type ZFigures = Awaited<ReturnType<typeof zReport>>;
