import crypto from 'node:crypto';
import {
  type DateRangeQuery,
  type Emit,
  INVOICES_LIST_MAX,
  type Invoice,
  type InvoicesInit,
  type Order,
  currencyDigits,
  fromMinor,
  rangeInstants,
  wallTimeIn,
} from '@comanda/core';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import * as catalogueRepo from '../catalogue/catalogue.repo.ts';
import { orderEvent, presentOrder } from '../orders/orders.presenter.ts';
import * as ordersRepo from '../orders/orders.repo.ts';
import { screenSettings } from '../store/store.presenter.ts';
import * as tenantsRepo from '../tenants/tenants.repo.ts';
import * as repo from './invoices.repo.ts';

const SEARCH_LIMIT = 50;

/** The orders a bill pays and the figures it bills, all computed by the server. */
export interface BillInput {
  orderIds: number[];
  totals: { net: number; tax: number; total: number };
  /** The store currency the orders were taken in. */
  currency: string;
  /** The guest and table as the orders were taken. */
  snapshot: Pick<
    repo.InvoiceValues,
    | 'deliveryType'
    | 'customerType'
    | 'customerId'
    | 'customerName'
    | 'customerPhone'
    | 'customerEmail'
    | 'tableId'
    | 'tableTitle'
    | 'floor'
  >;
  payment: { paymentTypeId: number; tenderedMinor: number | null };
  /** When the bill is paid (the app clock): its store day and hour in the reports. Paid when taken: the order's time. */
  paidAt: Date;
  /** Replayed from a device's outbox and taken before the open shift began (shifts/sale-clock.ts). */
  takenBeforeShift?: boolean;
  /** The store's time zone, which the paid instant is read in. */
  timezone: string;
  /** A table pay's discount, service charge and tip (docs/discounts.md): paid on top of the total. */
  extras?: Pick<
    repo.InvoiceValues,
    'discountMinor' | 'serviceChargeMinor' | 'tipMinor' | 'discountReason' | 'discountApprovedBy'
  >;
}

/**
 * Bills orders inside the caller's transaction (SPEC §2 Invoices): the invoice at the server's figures,
 * one payment row of an active payment type of the tenant, and the orders set paid and completed.
 * Anything refused throws, and the caller's whole transaction (the order it just took included) rolls back.
 */
export async function billOrders(tx: Tx, tc: TenantContext, emit: Emit, input: BillInput) {
  const paymentType = await catalogueRepo.findPaymentType(tx, tc.tenantId, input.payment.paymentTypeId);
  if (!paymentType) throw fail('payment_type_not_found');
  if (!paymentType.isActive) throw fail('payment_type_inactive');
  const { tenderedMinor } = input.payment;
  // The payment covers the total, the service charge and the tip (each 0 without them).
  const paysMinor =
    input.totals.total + (input.extras?.serviceChargeMinor ?? 0) + (input.extras?.tipMinor ?? 0);
  if (tenderedMinor !== null && tenderedMinor < paysMinor) throw fail('tendered_too_low');
  const changeMinor = tenderedMinor === null ? null : tenderedMinor - paysMinor;
  const paidWall = wallTimeIn(input.timezone, input.paidAt);

  const invoice = await repo.insertInvoice(tx, tc.tenantId, {
    uuid: crypto.randomUUID(),
    subTotalMinor: input.totals.net,
    taxTotalMinor: input.totals.tax,
    totalMinor: input.totals.total,
    currency: input.currency,
    ...input.snapshot,
    createdBy: tc.userId,
    createdAt: input.paidAt,
    // The store day and hour, worked out here with the rules "today" and the business day use.
    localDate: paidWall.slice(0, 10),
    localHour: Number(paidWall.slice(11, 13)),
    ...input.extras,
  });
  await repo.insertPayment(tx, tc.tenantId, invoice.id, {
    paymentTypeId: paymentType.id,
    paymentTypeTitle: paymentType.title,
    amountMinor: paysMinor,
    tenderedMinor,
    changeMinor,
    createdAt: input.paidAt,
    takenBeforeShift: input.takenBeforeShift ?? false,
  });
  for (const orderId of input.orderIds) {
    // An order already paid (by another terminal) is never billed twice: the whole bill rolls back.
    const paid = await ordersRepo.markPaid(tx, tc.tenantId, orderId, invoice.id);
    if (!paid) throw fail('order_already_paid');
    emit('order_update', orderEvent(paid));
  }
  await audit(tx, tc, {
    action: 'invoice.create',
    targetType: 'invoice',
    targetId: invoice.id,
    details: { orderIds: input.orderIds, totalMinor: input.totals.total, paymentType: paymentType.title },
  });
  return { invoiceId: invoice.id, changeMinor };
}

/** A stored invoice's figures and its cash change (a repeat of a paid order answers these). */
export async function invoiceFigures(tx: Tx, tenantId: number, invoiceId: number) {
  const invoice = await repo.findInvoice(tx, tenantId, invoiceId);
  if (!invoice) throw fail('internal');
  const payments = await repo.listPayments(tx, tenantId, invoiceId);
  const change = payments.find((p) => p.changeMinor !== null)?.changeMinor ?? null;
  return {
    net: invoice.subTotalMinor,
    tax: invoice.taxTotalMinor,
    total: invoice.totalMinor,
    changeMinor: change,
  };
}

/** Rows grouped by their invoice, in their given order. */
function byInvoice<T extends { invoiceId: number | null }>(rows: T[]) {
  const grouped = new Map<number, T[]>();
  for (const row of rows) {
    if (row.invoiceId === null) continue;
    const list = grouped.get(row.invoiceId);
    if (list) list.push(row);
    else grouped.set(row.invoiceId, [row]);
  }
  return grouped;
}

/**
 * Invoices as the list answers them (SPEC §3 Invoice): with the orders they paid and their payments.
 * `rows` were read with one more than `limit`: that extra row only says the list is truncated.
 */
async function presentInvoices(tx: Tx, tenantId: number, found: repo.InvoiceRow[], limit: number) {
  const rows = found.slice(0, limit);
  const ids = rows.map((r) => r.id);
  const orders = byInvoice(await ordersRepo.ordersOfInvoices(tx, tenantId, ids));
  const payments = byInvoice(await repo.paymentsOf(tx, tenantId, ids));
  const invoices = rows.map((row): Invoice => {
    const digits = currencyDigits(row.currency);
    const money = (minor: number | null) => (minor === null ? null : fromMinor(minor, digits));
    return {
      invoice_id: row.id,
      created_at: row.createdAt.toISOString(),
      currency: row.currency,
      sub_total: fromMinor(row.subTotalMinor, digits),
      tax_total: fromMinor(row.taxTotalMinor, digits),
      total: fromMinor(row.totalMinor, digits),
      table_id: row.tableId,
      table_title: row.tableTitle,
      floor: row.floor,
      delivery_type: row.deliveryType,
      customer_type: row.customerType,
      customer_id: row.customerId,
      name: row.customerName,
      phone: row.customerPhone,
      email: row.customerEmail,
      orders: (orders.get(row.id) ?? []).map((o) => ({
        order_id: o.id,
        token_no: o.tokenNo,
        business_date: o.businessDate,
      })),
      payments: (payments.get(row.id) ?? []).map((p) => ({
        payment_type: p.paymentTypeTitle,
        amount: fromMinor(p.amountMinor, digits),
        tendered: money(p.tenderedMinor),
        change: money(p.changeMinor),
      })),
    };
  });
  return { invoices, truncated: found.length > limit };
}

/** The invoices screen (SPEC §2 Invoices): list by store days, search, the orders a preview prints. */
export function createInvoicesService(ctx: AppContext) {
  const { database } = ctx;
  return {
    /** GET /invoices/init: what the screen filters and prints with. */
    async init(tc: TenantContext): Promise<InvoicesInit> {
      return database.inTenant(tc.tenantId, async (tx) => {
        const { printSettings, storeSettings, currency } = await screenSettings(tx, tc.tenantId);
        return { printSettings, storeSettings, currency };
      });
    },

    /**
     * GET /invoices: the invoices of a date filter's days at the store (midnight to midnight, store
     * time), the newest INVOICES_LIST_MAX of them.
     */
    async list(tc: TenantContext, query: DateRangeQuery) {
      return database.inTenant(tc.tenantId, async (tx) => {
        const timezone = await tenantsRepo.getTimezone(tx, tc.tenantId);
        const { from, to } = rangeInstants(query, timezone, ctx.now());
        const rows = await repo.listInvoicesBetween(tx, tc.tenantId, from, to, INVOICES_LIST_MAX + 1);
        return presentInvoices(tx, tc.tenantId, rows, INVOICES_LIST_MAX);
      });
    },

    /** GET /invoices/search: by number, or the guest's name or phone; newest first, at most 50. */
    async search(tc: TenantContext, q: string) {
      return database.inTenant(tc.tenantId, async (tx) => {
        const rows = await repo.searchInvoices(tx, tc.tenantId, q, SEARCH_LIMIT + 1);
        return presentInvoices(tx, tc.tenantId, rows, SEARCH_LIMIT);
      });
    },

    /** POST /invoices/orders: the orders with their lines, for a print preview; another tenant's are 404. */
    async orders(tc: TenantContext, ids: number[]): Promise<{ orders: Order[] }> {
      return database.inTenant(tc.tenantId, async (tx) => {
        const rows = await ordersRepo.findOrders(tx, tc.tenantId, ids);
        if (rows.length !== ids.length) throw fail('order_not_found');
        const loaded = await ordersRepo.withItems(tx, tc.tenantId, rows);
        return { orders: loaded.map((o) => presentOrder(o.order, o.items)) };
      });
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
