import {
  DINE_OUT_GROUP,
  type Emit,
  ORDER_ITEM_STATUS_UPDATED,
  type OrderPaid,
  type OrderSummary,
  type OrdersInit,
  type TableGroup,
  type TableOrders,
  type completeAndPaySchema,
  canDo,
  currencyDigits,
  fromMinor,
  toMinor,
  type updateItemStatusSchema,
} from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail, invalid } from '../../platform/errors.ts';
import { once } from '../../platform/idempotency/idempotency.ts';
import { defaultPaymentTypeId } from '../catalogue/catalogue.service.ts';
import * as customersRepo from '../customers/customers.repo.ts';
import { billOrders } from '../invoices/invoices.service.ts';
import {
  invoiceExtras,
  presentExtras,
  priceBill,
  recordDiscounts,
  tipMinor,
} from '../discounts/discounts.service.ts';
import * as voidsRepo from '../voids/voids.repo.ts';
import { voidReasonFor } from '../voids/voids.service.ts';
import { saleClock } from '../shifts/sale-clock.ts';
import * as tenantsRepo from '../tenants/tenants.repo.ts';
import { screenSettings } from '../store/store.presenter.ts';
import { billableFigures, orderEvent, presentOrder } from './orders.presenter.ts';
import * as repo from './orders.repo.ts';

type PayInput = z.output<typeof completeAndPaySchema>;
type ItemStatus = z.output<typeof updateItemStatusSchema>['status'];
const ITEM_VOIDED = 'Item voided!';

const ORDER_PAID = 'Order completed and paid!';
const ORDERS_CANCELLED = 'Orders cancelled!';
const ORDERS_COMPLETED = 'Orders completed!';

/**
 * A group's orders must all be the tenant's (404, nothing changed) and open, that is sent and neither
 * completed, cancelled nor paid (409).
 */
function checkOpen(rows: repo.OrderRow[], ids: number[]) {
  if (rows.length !== ids.length) throw fail('order_not_found');
  if (rows.some((o) => o.paymentStatus === 'paid')) throw fail('order_already_paid');
  if (rows.some((o) => o.status !== 'created')) throw fail('order_not_open');
  return rows;
}

/** Whether an order still has a line to bill (one not voided). */
const stillBills = (o: { items: { status: string }[] }) => o.items.some((i) => i.status !== 'cancelled');

/**
 * The open orders of a group, locked FOR UPDATE and checked (checkOpen). A concurrent pay or cancel
 * waits on the locks and then finds the orders closed.
 */
export async function lockOpen(tx: Tx, tenantId: number, ids: number[]) {
  return checkOpen(await repo.lockOrders(tx, tenantId, ids), ids);
}

/** What a group of orders bills: the sums of their non-cancelled lines, in the orders' one currency. */
export function groupBill(loaded: Awaited<ReturnType<typeof repo.withItems>>) {
  const currency = loaded[0]?.order.currency ?? '';
  if (loaded.some((o) => o.order.currency !== currency))
    throw invalid('These orders were taken in different currencies! Pay them one by one.');
  const figures = billableFigures(loaded.flatMap((o) => o.items));
  return { currency, figures, digits: currencyDigits(currency) };
}

/**
 * When a group is paid: a payment replayed from a device's outbox is dated when it was made (`claimed`,
 * saleClock), but never at or before an order it pays (an order queued past QUEUED_MAX_MS is dated on
 * arrival, its pay queued less may not be): then it is dated on arrival too. Never equal either: a bill
 * at its order's very instant reads "paid when taken" (qrmenu.repo).
 */
export function paidTime(now: Date, claimed: Date, ordersTakenAt: Date[]) {
  return ordersTakenAt.some((takenAt) => takenAt.getTime() >= claimed.getTime()) ? now : claimed;
}

/** Table orders (SPEC §2 Orders): the open orders by table, item statuses, cancel, complete, pay. */
export function createTableOrdersService(ctx: AppContext) {
  const { database } = ctx;

  /**
   * Closes a group as cancelled or completed, with its audit row and one event per order. With an
   * Idempotency-Key the first answer is stored and a replay answers it, closing and auditing nothing.
   */
  async function close(
    tc: TenantContext,
    ids: number[],
    status: 'cancelled' | 'completed',
    key: string | undefined,
    reasonId?: number,
  ) {
    const cancel = status === 'cancelled';
    return database.inTenant(tc.tenantId, async (tx, emit) => {
      const request = {
        route: cancel ? 'POST /orders/cancel' : 'POST /orders/complete',
        body: { orderIds: ids, ...(reasonId === undefined ? {} : { reasonId }) },
      };
      const { answer } = await once(tx, tc.tenantId, key, request, async () => {
        const rows = await lockOpen(tx, tc.tenantId, ids);
        // Completing would take an unpaid bill off Table Orders unpaid and out of every report (issue
        // 29): only orders with nothing left to bill (every line voided) may be completed.
        if (!cancel && (await repo.withItems(tx, tc.tenantId, rows)).some(stillBills))
          throw fail('order_unpaid_complete');
        // A cancel voids every line still billed, with its reason if the store asks for one (docs/voids.md).
        const reason = cancel ? await voidReasonFor(tx, tc.tenantId, reasonId) : null;
        await repo.setOrdersStatus(tx, tc.tenantId, ids, status);
        if (cancel) {
          await voidsRepo.voidItemsOf(tx, tc.tenantId, ids, {
            reason: reason?.title ?? null,
            userId: tc.userId,
          });
        }
        for (const order of rows) {
          await audit(tx, tc, {
            action: cancel ? 'order.cancel' : 'order.complete',
            targetType: 'order',
            targetId: order.id,
            details: {
              tokenNo: order.tokenNo,
              businessDate: order.businessDate,
              group: ids,
              ...(reason ? { reason: reason.title } : {}),
            },
          });
          emit('order_update', orderEvent(order));
        }
        return { message: cancel ? ORDERS_CANCELLED : ORDERS_COMPLETED };
      });
      return answer;
    });
  }

  /**
   * Pays a group at the server's figures with the POS's billOrders: the guest and table of the oldest
   * order, the customer of the oldest order that has one.
   */
  async function pay(
    tx: Tx,
    tc: TenantContext,
    emit: Emit,
    input: PayInput,
    queuedMs: number | undefined,
  ): Promise<OrderPaid> {
    const loaded = await repo.withItems(tx, tc.tenantId, await lockOpen(tx, tc.tenantId, input.orderIds));
    const { currency, digits } = groupBill(loaded);
    if (loaded.every((o) => o.items.every((i) => i.status === 'cancelled'))) throw fail('nothing_to_pay');
    // Discounts, service charge and tip: the one pricing function of both pay calls (docs/discounts.md).
    const billable = loaded.flatMap((o) => o.items).filter((i) => i.status !== 'cancelled');
    const priced = await priceBill(tx, tc, billable, input, digits);
    const tip = tipMinor(input.tip, digits);
    const { figures } = priced;
    const client = [input.subTotal, input.taxTotal, input.total].map((v) => toMinor(v, digits));
    const pricesChanged =
      client[0] !== figures.net || client[1] !== figures.tax || client[2] !== figures.total;

    let tenderedMinor: number | null = null;
    if (input.payment && input.payment.tendered !== null) {
      tenderedMinor = toMinor(input.payment.tendered, digits);
      if (tenderedMinor === null) throw invalid('Please provide a valid tendered amount!');
    }
    // SPEC §7's payload names no payment: the store's default pays.
    const paymentTypeId = input.payment?.paymentTypeId ?? (await defaultPaymentTypeId(tx, tc.tenantId));
    const first = loaded[0]?.order;
    if (!first) throw fail('order_not_found');
    const guest = loaded.find((o) => o.order.customerId !== null)?.order;
    const email = guest?.customerId
      ? ((await customersRepo.findCustomer(tx, tc.tenantId, guest.customerId))?.email ?? null)
      : null;
    const clock = await saleClock(tx, tc, ctx.now(), queuedMs);
    const bill = await billOrders(tx, tc, emit, {
      orderIds: input.orderIds,
      totals: figures,
      currency,
      snapshot: {
        deliveryType: first.deliveryType,
        customerType: guest ? 'CUSTOMER' : 'WALKIN',
        customerId: guest?.customerId ?? null,
        customerName: guest?.customerName ?? null,
        customerPhone: guest?.customerPhone ?? null,
        customerEmail: email,
        tableId: first.tableId,
        tableTitle: first.tableTitle,
        floor: first.floor,
      },
      payment: { paymentTypeId, tenderedMinor },
      paidAt: paidTime(
        ctx.now(),
        clock.at,
        loaded.map((o) => o.order.createdAt),
      ),
      takenBeforeShift: clock.takenBeforeShift,
      timezone: await tenantsRepo.getTimezone(tx, tc.tenantId),
      extras: invoiceExtras(priced, tip),
    });
    await recordDiscounts(tx, tc, bill.invoiceId, priced, currency);
    return {
      message: ORDER_PAID,
      invoiceId: bill.invoiceId,
      subTotal: fromMinor(figures.net, digits),
      taxTotal: fromMinor(figures.tax, digits),
      total: fromMinor(figures.total, digits),
      change: bill.changeMinor === null ? null : fromMinor(bill.changeMinor, digits),
      pricesChanged,
      ...presentExtras(priced, tip, digits),
    };
  }

  return {
    /** GET /orders: the open orders grouped by table, or in the one group without a table. */
    async list(tc: TenantContext): Promise<TableOrders> {
      return database.inTenant(tc.tenantId, async (tx) => {
        const loaded = await repo.withItems(tx, tc.tenantId, await repo.listOpenOrders(tx, tc.tenantId));
        // Orders come oldest first, so a group is created at its oldest order.
        const groups = new Map<string, TableGroup>();
        for (const { order, items } of loaded) {
          const atTable = order.deliveryType === 'dinein' && order.tableId !== null;
          // A dine-in order without a table but with a name tag has a group of its own, under the tag.
          const tag = !atTable && order.deliveryType === 'dinein' ? order.nameTag : null;
          const key = atTable ? `table-${order.tableId}` : tag ? `tag-${tag.toLowerCase()}` : 'dine-out';
          let group = groups.get(key);
          if (!group) {
            group = {
              key,
              table_id: atTable ? order.tableId : null,
              table_title: atTable ? order.tableTitle : (tag ?? DINE_OUT_GROUP),
              floor: atTable ? order.floor : null,
              orders: [],
              order_ids: [],
            };
            groups.set(key, group);
          }
          group.orders.push(presentOrder(order, items));
          group.order_ids.push(order.id);
        }
        return { groups: [...groups.values()] };
      });
    },

    /** GET /orders/init: what the screen prints and pays with. */
    async init(tc: TenantContext): Promise<OrdersInit> {
      return database.inTenant(tc.tenantId, (tx) => screenSettings(tx, tc.tenantId));
    },

    /**
     * POST /orders/update-status/:id: any settable status directly (SPEC §4), on lines of open orders
     * only. A line cancelled, or brought back from cancelled (billed again), marks its order changed (the
     * kitchen highlights the ticket) and is audited. The Idempotency-Key is bound to the line id and the
     * status, so a replay never moves a line that has moved on since.
     */
    async updateItemStatus(
      tc: TenantContext,
      itemId: number,
      status: ItemStatus,
      key: string | undefined,
      reasonId?: number,
    ) {
      return database.inTenant(tc.tenantId, async (tx, emit) => {
        const request = {
          route: 'POST /orders/update-status/:id',
          body: { id: itemId, status, ...(reasonId === undefined ? {} : { reasonId }) },
        };
        const { answer } = await once(tx, tc.tenantId, key, request, async () => {
          const found = await repo.lockItemWithOrder(tx, tc.tenantId, itemId);
          if (!found) throw fail('order_item_not_found');
          const { item, order } = found;
          // A paid line is given back by a refund of its invoice, never voided (docs/voids.md).
          if (order.paymentStatus === 'paid') throw fail('order_paid_refund_instead');
          if (order.status !== 'created') throw fail('order_not_open');
          const voiding = status === 'cancelled' && item.status !== 'cancelled';
          const billedChanged = (status === 'cancelled') !== (item.status === 'cancelled');
          // A void or a restore changes the bill: the till's (POS, ORDERS), not ORDER_STATUS's (issue 29).
          if (billedChanged && !canDo(tc, 'orders.manage')) throw fail('forbidden');
          // A void names the tenant's reason, when the store asks for one (docs/voids.md).
          const reason = voiding ? await voidReasonFor(tx, tc.tenantId, reasonId) : null;
          await repo.setItemStatus(tx, tc.tenantId, item.id, status);
          if (voiding)
            await voidsRepo.voidItem(tx, tc.tenantId, item.id, {
              reason: reason?.title ?? null,
              userId: tc.userId,
            });
          if (billedChanged) {
            if (!voiding) await voidsRepo.clearVoid(tx, tc.tenantId, item.id);
            await repo.markChanged(tx, tc.tenantId, order.id);
            await audit(tx, tc, {
              action: voiding ? 'order_item.void' : 'order_item.restore',
              targetType: 'order_item',
              targetId: item.id,
              details: {
                orderId: order.id,
                tokenNo: order.tokenNo,
                item: item.itemTitle,
                quantity: item.quantity,
                totalMinor: item.totalMinor,
                currency: order.currency,
                from: item.status,
                to: status,
                ...(reason ? { reason: reason.title } : {}),
              },
            });
          }
          emit('order_update', orderEvent(order));
          return { message: voiding ? ITEM_VOIDED : ORDER_ITEM_STATUS_UPDATED };
        });
        return answer;
      });
    },

    /** POST /orders/cancel: the orders cancelled and all their lines voided, with a reason if given. */
    cancel: (tc: TenantContext, ids: number[], key: string | undefined, reasonId?: number) =>
      close(tc, ids, 'cancelled', key, reasonId),

    /** POST /orders/complete: orders with nothing left to bill closed (an unpaid bill is a 409). */
    complete: (tc: TenantContext, ids: number[], key: string | undefined) => close(tc, ids, 'completed', key),

    /** POST /orders/complete-order-payment-summary: the bill the group would get, changing nothing. */
    async summary(tc: TenantContext, ids: number[]): Promise<OrderSummary> {
      return database.inTenant(tc.tenantId, async (tx) => {
        // A read: checked like a pay, but nothing locked.
        const rows = checkOpen(await repo.findOrders(tx, tc.tenantId, ids), ids);
        const loaded = await repo.withItems(tx, tc.tenantId, rows);
        const { currency, figures, digits } = groupBill(loaded);
        return {
          subtotal: fromMinor(figures.net, digits),
          taxTotal: fromMinor(figures.tax, digits),
          total: fromMinor(figures.total, digits),
          currency,
          orders: loaded.map((o) => presentOrder(o.order, o.items)),
        };
      });
    },

    /**
     * POST /orders/complete-and-pay-order: one invoice for the group at the server's figures. Two
     * terminals paying together: the second waits on the order locks, then finds them paid (409).
     */
    async completeAndPay(
      tc: TenantContext,
      input: PayInput,
      key: string | undefined,
      queuedMs?: number,
    ): Promise<OrderPaid> {
      return database.inTenant(tc.tenantId, async (tx, emit) => {
        const { answer } = await once(
          tx,
          tc.tenantId,
          key,
          { route: 'POST /orders/complete-and-pay-order', body: input },
          () => pay(tx, tc, emit, input, queuedMs),
        );
        return answer;
      });
    },
  };
}

export type TableOrdersService = ReturnType<typeof createTableOrdersService>;
