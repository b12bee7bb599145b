import {
  type CustomerType,
  type DeliveryType,
  type LineDiscountShown,
  type Order,
  type PrintSettings,
  type StoreSettings,
  fromMinor,
  toMinor,
} from '@comanda/core';
import { paths } from './paths.ts';
import { openPrintPopup, receivedPrint } from './print-handoff.ts';
import { hasAuthCookie } from './session.ts';

/**
 * The receipt and token print pages (SPEC §2 Receipt and token pages) take their data from the screen
 * that opens them, from the opener's memory (lib/print-handoff.ts, never storage): the opener hands
 * the payload over, opens the 400x400 popup, and the page reads it. Amounts are decimals of the
 * order's currency, already computed by the server (never summed here).
 */
export interface ReceiptLine {
  title: string;
  variantTitle: string | null;
  addons: string[];
  notes: string | null;
  quantity: number;
  /** One unit as priced (variant or item price plus addons). */
  price: number;
  /** price x quantity: before the line's discount, which prints under it. */
  amount: number;
  /** The order line it prints (to match the bill's line discounts); absent for a cart's line. */
  lineId?: number;
  /** What a discount took off this line (its share of it, on a split part); the percent if one was given. */
  discount?: { amount: number; percent: number | null; reason: string | null } | null;
}

export interface ReceiptData {
  store: Pick<StoreSettings, 'storeName' | 'address' | 'phone' | 'email' | 'image'>;
  print: PrintSettings;
  currency: { code: string; symbol: string; digits: number };
  /** The store's time zone: the timestamp is printed in it. */
  timezone: string;
  /** The server's token, or this device's provisional one ("P3") for an order not yet synced. */
  tokenNo: number | string | null;
  /** Printed before the server had the order (docs/offline.md): the token is the device's. */
  provisional?: boolean;
  /** The order's business day (YYYY-MM-DD): the receipt number is token-date. */
  businessDate: string;
  /**
   * A split bill's part (docs/bills.md): its receipt number is the bill's with the part's number after a
   * slash, "12-2026-11-28/2", and it prints "Part 2 of 3".
   */
  part?: { no: number; of: number } | null;
  /** ISO instant printed as the timestamp. */
  date: string;
  customerType: CustomerType;
  customerName: string | null;
  deliveryType: DeliveryType;
  tableTitle: string | null;
  lines: ReceiptLine[];
  subtotal: number;
  taxTotal: number;
  total: number;
  /** Set when paid: how, and for cash the tendered amount and change. */
  payment?: { type: string; tendered: number | null; change: number | null } | null;
  /** A paid bill's discount, service charge and tip (docs/discounts.md); absent or 0: not printed. */
  extras?: {
    discount: number;
    discountReason: string | null;
    serviceCharge: number;
    tip: number;
  } | null;
}

/** The head of a receipt; by default the first order's (token, day, time, guest, table). */
type ReceiptHeader = Pick<
  ReceiptData,
  'tokenNo' | 'businessDate' | 'date' | 'customerType' | 'customerName' | 'deliveryType' | 'tableTitle'
>;

/**
 * A receipt from the SERVER's figures: the orders' lines at their `price`/`amount` as sold and the
 * server's totals, with the store's print settings. Cancelled lines were never billed, so they are
 * not printed. `header` overrides what the first order would say (an invoice's own date and guest).
 */
export function receiptFromOrders(input: {
  orders: Order[];
  totals: { subtotal: number; taxTotal: number; total: number };
  store: StoreSettings;
  print: PrintSettings;
  currency: ReceiptData['currency'];
  payment?: ReceiptData['payment'];
  header?: Partial<ReceiptHeader>;
}): ReceiptData {
  const { orders, totals, store, print, currency, payment, header } = input;
  const first = orders[0];
  const now = new Date().toISOString();
  return {
    store: {
      storeName: store.storeName,
      address: store.address,
      phone: store.phone,
      email: store.email,
      image: store.image,
    },
    print,
    currency,
    timezone: store.timezone,
    tokenNo: first?.token_no ?? null,
    businessDate: first?.business_date ?? now.slice(0, 10),
    date: first?.date ?? now,
    customerType: first?.customer_type ?? 'WALKIN',
    customerName: first?.customer_name ?? null,
    deliveryType: first?.delivery_type ?? 'dinein',
    // A dine-in order without a table is served to its name tag (issue 31).
    tableTitle: first?.table_title ?? first?.name_tag ?? null,
    ...header,
    lines: orders.flatMap((order) =>
      order.items
        .filter((line) => line.status !== 'cancelled')
        .map((line) => ({
          lineId: line.id,
          title: line.item_title,
          variantTitle: line.variant_title,
          addons: line.addons.map((a) => a.title),
          notes: line.notes,
          quantity: line.quantity,
          price: line.price,
          amount: line.amount,
        })),
    ),
    ...totals,
    payment: payment ?? null,
  };
}

/**
 * A paid bill's receipt with each line's own discount printed under it (the pay answer's
 * `lineDiscounts`), so a line reads "1 x 7.00 / Discount 10% −0.70"; the discount row above the
 * subtotal keeps only what the bill's own discount took off.
 */
export function withLineDiscounts(
  receipt: ReceiptData,
  lineDiscounts: readonly LineDiscountShown[],
  digits: number,
): ReceiptData {
  if (lineDiscounts.length === 0) return receipt;
  const byLine = new Map(lineDiscounts.map((d) => [d.line_id, d]));
  const minor = (amount: number) => toMinor(amount, digits) ?? 0;
  const onLines = lineDiscounts.reduce((sum, d) => sum + minor(d.discount), 0);
  return {
    ...receipt,
    lines: receipt.lines.map((line) => {
      const d = line.lineId === undefined ? undefined : byLine.get(line.lineId);
      return d ? { ...line, discount: { amount: d.discount, percent: d.percent, reason: d.reason } } : line;
    }),
    extras: receipt.extras && {
      ...receipt.extras,
      discount: fromMinor(Math.max(0, minor(receipt.extras.discount) - onLines), digits),
    },
  };
}

export interface TokenData {
  /** The server's token, or this device's provisional one ("P3"). */
  tokenNo: number | string;
  provisional?: boolean;
  date: string;
  timezone: string;
  /** Paper width in mm (default 80). */
  pageFormat: 80 | 57;
}

const POPUP_FEATURES = 'width=400,height=400';

/** Opens a print page in the 400x400 popup (SPEC §9); `autoPrint` prints it after 400 ms. */
function openPopup(path: string, autoPrint: boolean, kind: 'receipt' | 'token', data: unknown) {
  const url = autoPrint ? `${path}?autoprint=1` : path;
  openPrintPopup(url, POPUP_FEATURES, kind, data);
}

/**
 * Opens the (blank) popup at once, in the tap's own handler, when the receipt comes only after a
 * request: Safari blocks a window opened after an await, but lets the later `openReceipt` load into
 * this one. Answers a function that closes it again, for when the request fails.
 */
export function reservePrintPopup(): () => void {
  const popup = openPrintPopup('', POPUP_FEATURES);
  return () => popup?.close();
}

/**
 * Opens the receipt. It auto-prints when printing is enabled in the print settings, except from the
 * invoices' print preview (`preview`), which never auto-prints (SPEC §2).
 */
export function openReceipt(data: ReceiptData, opts: { preview?: boolean } = {}) {
  openPopup(paths.printReceipt, !opts.preview && data.print.isEnablePrint, 'receipt', data);
}

/** Opens the token page; it auto-prints when printing is enabled. */
export function openToken(data: TokenData, autoPrint: boolean) {
  openPopup(paths.printToken, autoPrint, 'token', data);
}

/** What the receipt page prints: what its opener handed over, while the session lasts; else null. */
export function readReceipt(): ReceiptData | null {
  return hasAuthCookie('tenant') ? receivedPrint<ReceiptData>('receipt') : null;
}

export function readToken(): TokenData | null {
  return hasAuthCookie('tenant') ? receivedPrint<TokenData>('token') : null;
}
