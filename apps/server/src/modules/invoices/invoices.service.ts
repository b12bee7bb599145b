import crypto from 'node:crypto';
import type { Emit } from '@comanda/core';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import * as catalogueRepo from '../catalogue/catalogue.repo.ts';
import * as ordersRepo from '../orders/orders.repo.ts';
import * as repo from './invoices.repo.ts';

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
  if (tenderedMinor !== null && tenderedMinor < input.totals.total) throw fail('tendered_too_low');
  const changeMinor = tenderedMinor === null ? null : tenderedMinor - input.totals.total;

  const invoice = await repo.insertInvoice(tx, tc.tenantId, {
    uuid: crypto.randomUUID(),
    subTotalMinor: input.totals.net,
    taxTotalMinor: input.totals.tax,
    totalMinor: input.totals.total,
    currency: input.currency,
    ...input.snapshot,
    createdBy: tc.userId,
  });
  await repo.insertPayment(tx, tc.tenantId, invoice.id, {
    paymentTypeId: paymentType.id,
    paymentTypeTitle: paymentType.title,
    amountMinor: input.totals.total,
    tenderedMinor,
    changeMinor,
  });
  for (const orderId of input.orderIds) {
    // An order already paid (by another terminal) is never billed twice: the whole bill rolls back.
    if (!(await ordersRepo.markPaid(tx, tc.tenantId, orderId, invoice.id))) throw fail('order_already_paid');
    emit('order_update', { orderId });
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
