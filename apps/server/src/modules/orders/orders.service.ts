import crypto from 'node:crypto';
import {
  type Emit,
  type OrderCreated,
  type OrderInvoiced,
  type PosInit,
  type createOrderAndInvoiceSchema,
  createOrderSchema,
  currencyDigits,
  fromMinor,
  toMinor,
  todayIn,
} from '@comanda/core';
import type { z } from 'zod';
import { type Actor, audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { menuItemAddons, menuItemVariants } from '../../platform/db/schema.ts';
import { fail, invalid } from '../../platform/errors.ts';
import { once } from '../../platform/idempotency/idempotency.ts';
import * as catalogueRepo from '../catalogue/catalogue.repo.ts';
import { defaultPaymentTypeId } from '../catalogue/catalogue.service.ts';
import * as customersRepo from '../customers/customers.repo.ts';
import { billOrders, invoiceFigures } from '../invoices/invoices.service.ts';
import { byItem, presentItem } from '../menu/menu.presenter.ts';
import * as menuRepo from '../menu/menu.repo.ts';
import { screenSettings } from '../store/store.presenter.ts';
import * as storeRepo from '../store/store.repo.ts';
import type { QrOrderLine } from '../qrorders/qrorders.schema.ts';
import { acceptQrOrder, holdQrOrder } from '../qrorders/qrorders.service.ts';
import { saleClock } from '../shifts/sale-clock.ts';
import { presentTable } from '../tables/tables.presenter.ts';
import * as ticketsRepo from '../tickets/tickets.repo.ts';
import * as tablesRepo from '../tables/tables.repo.ts';
import * as tenantsRepo from '../tenants/tenants.repo.ts';
import { billableFigures, orderEvent, presentOrder } from './orders.presenter.ts';
import * as repo from './orders.repo.ts';
import { priceCart } from './pricing.ts';

type OrderInput = z.output<typeof createOrderSchema>;
type OrderAndInvoiceInput = z.output<typeof createOrderAndInvoiceSchema>;
/** An order with its UUIDs: the client's, or the server's where it sent none (withUuids). */
type NamedOrder = OrderInput & { uuid: string; cart: (OrderInput['cart'][number] & { uuid: string })[] };
type Figures = { net: number; tax: number; total: number };
/**
 * Who takes an order: a signed-in user, or the diner of a QR order the store sends straight to the
 * kitchen (no user, no device, never replayed from an outbox).
 */
type Taker = TenantContext | (Actor & { userId: null; deviceId: null });

const ORDER_CREATED = 'Order created!';
const ORDER_PAID = 'Order created and paid!';

/** Thrown when a concurrent request inserted the same order UUID first: the attempt is re-run. */
class OrderUuidRace extends Error {}

/** The order's and its totals' fields of an answer, in the store currency's decimals. */
function orderAnswer(
  message: string,
  order: { id: number; uuid: string; tokenNo: number },
  figures: Figures,
  digits: number,
): OrderCreated {
  return {
    message,
    tokenNo: order.tokenNo,
    orderId: order.id,
    orderUuid: order.uuid,
    itemsTotal: fromMinor(figures.net, digits),
    taxTotal: fromMinor(figures.tax, digits),
    payableTotal: fromMinor(figures.total, digits),
  };
}

/**
 * The order with a UUID on it and on each line: SPEC §7's payload sends none, so the server makes those
 * missing. Made inside the idempotency claim, so a keyed repeat of a payload without UUIDs still
 * fingerprints (and answers) as the first.
 */
function withUuids<T extends OrderInput>(input: T): T & NamedOrder {
  return {
    ...input,
    uuid: input.uuid ?? crypto.randomUUID(),
    cart: input.cart.map((line) => ({ ...line, uuid: line.uuid ?? crypto.randomUUID() })),
  };
}

/** The order (SPEC §2 POS): taking it, and taking and paying it at once. */
export function createOrdersService(ctx: AppContext) {
  const { database } = ctx;

  /**
   * Takes an order inside the caller's transaction: a UUID the tenant already has answers that order
   * (`existing`); otherwise the cart is priced, the guest and table copied, the day's token allocated
   * and the order and its lines inserted.
   */
  async function takeOrder(
    tx: Tx,
    tc: Taker,
    emit: Emit,
    input: NamedOrder,
    currency: string,
    queuedMs: number | undefined,
  ) {
    if (input.selectedQrOrderItem !== null) await holdQrOrder(tx, tc.tenantId, input.selectedQrOrderItem);
    const found = await repo.findOrderByUuid(tx, tc.tenantId, input.uuid);
    if (found) return { kind: 'existing', existing: found } as const;

    const priced = await priceCart(tx, tc.tenantId, input.cart);

    let customer: { id: number; name: string; phone: string; email: string | null } | null = null;
    if (input.customerType === 'CUSTOMER') {
      if (input.customerId === null) throw fail('customer_required');
      const row = await customersRepo.findCustomerByRef(tx, tc.tenantId, input.customerId, {
        forKeyShare: true,
      });
      if (!row) throw fail('customer_not_found');
      customer = { id: row.id, name: row.name, phone: row.phone, email: row.email };
    }
    // Only a dine-in order sits at a table: a takeaway or delivery order keeps none (docs/orders.md).
    const table =
      input.tableId === null || input.deliveryType !== 'dinein'
        ? null
        : await tablesRepo.findTable(tx, tc.tenantId, input.tableId);
    if (table === undefined) throw fail('table_not_found');
    // A cart loaded from a QR order accepts it, or is refused if it was taken or cancelled meanwhile;
    // a walk-in order copies the diner.
    const qr =
      input.selectedQrOrderItem === null
        ? null
        : await acceptQrOrder(tx, tc.tenantId, emit, input.selectedQrOrderItem);

    const snapshot = {
      deliveryType: input.deliveryType,
      customerType: input.customerType,
      customerId: customer?.id ?? null,
      customerName: customer?.name ?? qr?.row.customerName ?? null,
      customerPhone: customer?.phone ?? (qr?.row.customerPhone || null),
      customerEmail: customer?.email ?? null,
      tableId: table?.id ?? null,
      tableTitle: table?.title ?? null,
      floor: table?.floor ?? null,
      // Like the table, a name tag belongs to a dine-in order only.
      nameTag: input.deliveryType === 'dinein' ? (input.nameTag ?? null) : null,
    };

    const { customerEmail: _email, ...orderSnapshot } = snapshot;
    const timezone = await tenantsRepo.getTimezone(tx, tc.tenantId);
    // One instant for the business day, the order's time and, when it is paid at once, its bill's: the
    // diners' status page reads "paid when taken" from the two being equal (qrmenu.repo).
    // An order replayed from a device's outbox is dated when the cashier took it (docs/offline.md), as
    // far as its session and the open shift allow (docs/shifts.md).
    const clock =
      'scopes' in tc ? await saleClock(tx, tc, ctx.now(), queuedMs) : { at: ctx.now(), takenBeforeShift: false };
    const takenAt = clock.at;
    const businessDate = todayIn(timezone, takenAt);
    const tokenNo = await repo.nextToken(tx, tc.tenantId, businessDate);
    const inserted = await repo.insertOrder(tx, tc.tenantId, {
      uuid: input.uuid,
      businessDate,
      tokenNo,
      currency,
      source: qr ? 'qr' : 'pos',
      ...orderSnapshot,
      createdBy: tc.userId,
      createdAt: takenAt,
    });
    if (!inserted) throw new OrderUuidRace();
    await repo.insertOrderItems(tx, tc.tenantId, inserted.id, priced.rows, takenAt);
    await qr?.link(inserted.id);
    await audit(tx, tc, {
      action: 'order.create',
      targetType: 'order',
      targetId: inserted.id,
      // An order replayed from a device's outbox says how long it waited: a backdated sale is traceable.
      details: {
        tokenNo,
        businessDate,
        lines: priced.rows.length,
        totalMinor: priced.figures.total,
        ...(queuedMs ? { queuedMs } : {}),
        ...(clock.takenBeforeShift ? { takenBeforeShift: true } : {}),
      },
    });
    emit('new_order', orderEvent({ id: inserted.id, source: qr ? 'qr' : 'pos' }));
    return {
      kind: 'new',
      order: { id: inserted.id, uuid: input.uuid, tokenNo },
      figures: priced.figures,
      unitMinors: priced.unitMinors,
      snapshot,
      takenAt,
      takenBeforeShift: clock.takenBeforeShift,
      timezone,
    } as const;
  }

  /** An order with its lines as the API answers it (after billing: paid, with its invoice). */
  async function loadOrder(tx: Tx, tenantId: number, orderId: number) {
    const [found] = await repo.withItems(tx, tenantId, await repo.findOrders(tx, tenantId, [orderId]));
    if (!found) throw fail('internal');
    return presentOrder(found.order, found.items);
  }

  /** Runs an attempt again once when a concurrent twin inserted the same order UUID first. */
  async function withUuidRetry<T>(attempt: () => Promise<T>): Promise<T> {
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof OrderUuidRace) return attempt();
      throw error;
    }
  }

  /**
   * The store currency an order is priced in, held until commit: a currency change (which rescales the
   * menu) waits, so an order is never priced in one currency and stored in another.
   */
  async function storeCurrency(tx: Tx, tenantId: number) {
    return storeRepo.holdCurrency(tx, tenantId);
  }

  return {
    /**
     * A diner's QR order taken as a table order at once, the store sending QR orders straight to the
     * kitchen (docs/qr-menu.md): the cart the POS would send on accepting it (its lines, the diner as a
     * walk-in, the table), through the same schema and takeOrder, so the same rules and the server's
     * prices apply, in the placing transaction. Answers the new order's token.
     */
    async takeQrOrder(
      tx: Tx,
      diner: Actor & { userId: null; deviceId: null },
      emit: Emit,
      qr: { id: number; deliveryType: OrderInput['deliveryType']; tableId: number | null; items: QrOrderLine[] },
    ) {
      const currency = await storeCurrency(tx, diner.tenantId);
      const input = createOrderSchema.parse({
        cart: qr.items.map((line) => ({
          item_id: line.item_id,
          variant_id: line.variant_id,
          addons_ids: line.addons_ids,
          quantity: line.quantity,
          notes: line.notes,
        })),
        deliveryType: qr.deliveryType,
        customerType: 'WALKIN',
        tableId: qr.tableId,
        selectedQrOrderItem: qr.id,
      });
      const taken = await takeOrder(tx, diner, emit, withUuids(input), currency, undefined);
      if (taken.kind === 'existing') throw fail('internal');
      return { orderId: taken.order.id, tokenNo: taken.order.tokenNo };
    },

    /** GET /pos/init: everything the POS screen draws on, in one read-only transaction. */
    async init(tc: TenantContext): Promise<PosInit> {
      return database.inTenant(tc.tenantId, async (tx) => {
        const settings = await screenSettings(tx, tc.tenantId);
        const { digits } = settings.currency;
        const items = await menuRepo.listItems(tx, tc.tenantId);
        const variants = byItem(await menuRepo.listOptions(tx, menuItemVariants, tc.tenantId));
        const addons = byItem(await menuRepo.listOptions(tx, menuItemAddons, tc.tenantId));
        const categories = await catalogueRepo.listCategories(tx, tc.tenantId);
        const tables = await tablesRepo.listTables(tx, tc.tenantId);
        return {
          ...settings,
          categories,
          menuItems: items.map((row) =>
            presentItem(
              row,
              { variants: variants.get(row.id) ?? [], addons: addons.get(row.id) ?? [] },
              digits,
            ),
          ),
          storeTables: tables.map(presentTable),
          allowNameTags: await ticketsRepo.allowsNameTags(tx, tc.tenantId),
        };
      });
    },

    /** POST /pos/create-order: the order goes to the kitchen unpaid. */
    async createOrder(
      tc: TenantContext,
      input: OrderInput,
      key: string | undefined,
      queuedMs?: number,
    ): Promise<OrderCreated> {
      return withUuidRetry(() =>
        database.inTenant(tc.tenantId, async (tx, emit) => {
          const { answer } = await once(
            tx,
            tc.tenantId,
            key,
            { route: 'POST /pos/create-order', body: input },
            async () => {
              const currency = await storeCurrency(tx, tc.tenantId);
              const taken = await takeOrder(tx, tc, emit, withUuids(input), currency, queuedMs);
              if (taken.kind === 'existing') {
                // Answered in the currency it was taken in, whatever the store uses now.
                const order = taken.existing;
                return orderAnswer(
                  ORDER_CREATED,
                  order,
                  billableFigures(await repo.listOrderItems(tx, tc.tenantId, [order.id])),
                  currencyDigits(order.currency),
                );
              }
              return orderAnswer(ORDER_CREATED, taken.order, taken.figures, currencyDigits(currency));
            },
          );
          return answer;
        }),
      );
    },

    /**
     * POST /pos/create-order-and-invoice: the order taken and billed in one transaction, at the
     * server's figures; the client's totals are only compared (`pricesChanged`).
     */
    async createOrderAndInvoice(
      tc: TenantContext,
      input: OrderAndInvoiceInput,
      key: string | undefined,
      queuedMs?: number,
    ): Promise<OrderInvoiced> {
      return withUuidRetry(() =>
        database.inTenant(tc.tenantId, async (tx, emit) => {
          const { answer } = await once(
            tx,
            tc.tenantId,
            key,
            { route: 'POST /pos/create-order-and-invoice', body: input },
            async (): Promise<OrderInvoiced> => {
              const currency = await storeCurrency(tx, tc.tenantId);
              const taken = await takeOrder(tx, tc, emit, withUuids(input), currency, queuedMs);
              if (taken.kind === 'existing') {
                // A repeat of a paid order answers its bill; an order sent unpaid is paid elsewhere.
                const order = taken.existing;
                if (order.invoiceId === null) throw fail('order_already_sent');
                const digits = currencyDigits(order.currency);
                const billed = await invoiceFigures(tx, tc.tenantId, order.invoiceId);
                return {
                  ...orderAnswer(ORDER_PAID, order, billed, digits),
                  invoiceId: order.invoiceId,
                  netTotal: fromMinor(billed.net, digits),
                  total: fromMinor(billed.total, digits),
                  change: billed.changeMinor === null ? null : fromMinor(billed.changeMinor, digits),
                  pricesChanged: false,
                  order: await loadOrder(tx, tc.tenantId, order.id),
                };
              }

              const { figures } = taken;
              const digits = currencyDigits(currency);
              const client = [input.netTotal, input.taxTotal, input.total].map((v) => toMinor(v, digits));
              const linePriceDiffers = input.cart.some((line, i) => {
                if (line.price === undefined || line.price === null) return false;
                return toMinor(line.price, digits) !== taken.unitMinors[i];
              });
              const pricesChanged =
                linePriceDiffers ||
                client[0] !== figures.net ||
                client[1] !== figures.tax ||
                client[2] !== figures.total;

              let tenderedMinor: number | null = null;
              if (input.payment && input.payment.tendered !== null) {
                tenderedMinor = toMinor(input.payment.tendered, digits);
                if (tenderedMinor === null) throw invalid('Please provide a valid tendered amount!');
              }
              // SPEC §7's payload names no payment: the store's default pays.
              const paymentTypeId =
                input.payment?.paymentTypeId ?? (await defaultPaymentTypeId(tx, tc.tenantId));
              const bill = await billOrders(tx, tc, emit, {
                orderIds: [taken.order.id],
                totals: figures,
                currency,
                snapshot: taken.snapshot,
                payment: { paymentTypeId, tenderedMinor },
                paidAt: taken.takenAt,
                takenBeforeShift: taken.takenBeforeShift,
                timezone: taken.timezone,
              });
              return {
                ...orderAnswer(ORDER_PAID, taken.order, figures, digits),
                invoiceId: bill.invoiceId,
                netTotal: fromMinor(figures.net, digits),
                total: fromMinor(figures.total, digits),
                change: bill.changeMinor === null ? null : fromMinor(bill.changeMinor, digits),
                pricesChanged,
                order: await loadOrder(tx, tc.tenantId, taken.order.id),
              };
            },
          );
          return answer;
        }),
      );
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
