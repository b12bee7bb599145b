import { z } from 'zod';
import { currencyResponse, CUSTOMER_TYPES, DELIVERY_TYPES, orderResponse } from './orders.schemas.ts';
import { printSettingsResponse, storeSettingsResponse } from './settings.schemas.ts';

/**
 * One invoice (SPEC §3 Invoice) as the invoices list and search answer it: amounts are decimals of the
 * invoice's currency; `orders` are the orders it paid (id and token); `payments` its payment rows.
 */
export const invoiceResponse = z.object({
  invoice_id: z.number(),
  created_at: z.string(),
  currency: z.string(),
  sub_total: z.number(),
  tax_total: z.number(),
  total: z.number(),
  table_id: z.number().nullable(),
  table_title: z.string().nullable(),
  floor: z.string().nullable(),
  delivery_type: z.enum(DELIVERY_TYPES),
  customer_type: z.enum(CUSTOMER_TYPES),
  customer_id: z.number().nullable(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  orders: z.array(z.object({ order_id: z.number(), token_no: z.number(), business_date: z.string() })),
  payments: z.array(
    z.object({
      payment_type: z.string(),
      amount: z.number(),
      tendered: z.number().nullable(),
      change: z.number().nullable(),
    }),
  ),
});
export type Invoice = z.infer<typeof invoiceResponse>;

/** The most invoices one list answers: the newest; narrower dates show the rest. */
export const INVOICES_LIST_MAX = 1000;

/**
 * GET /invoices?type=&from=&to= and GET /invoices/search?q=: newest first, capped (`truncated` when
 * more matched than were answered).
 */
export const invoicesResponse = z.object({ invoices: z.array(invoiceResponse), truncated: z.boolean() });
export type Invoices = z.infer<typeof invoicesResponse>;

/** GET /invoices/init: what the screen filters and prints with. */
export const invoicesInitResponse = z.object({
  printSettings: printSettingsResponse,
  storeSettings: storeSettingsResponse,
  currency: currencyResponse,
});
export type InvoicesInit = z.infer<typeof invoicesInitResponse>;

/** POST /invoices/orders {orderIds}: the orders (with their lines) a print preview shows. */
export const invoiceOrdersResponse = z.object({ orders: z.array(orderResponse) });

export const INVOICE_SEARCH_MAX = 100;
const SEARCH_BLANK = 'Please type an invoice number, a name or a phone to search!';
/** GET /invoices/search?q=: an invoice number (digits), or a guest's name or phone; trimmed. */
export const invoiceSearchQuery = z.object({
  q: z
    .string({ error: SEARCH_BLANK })
    .trim()
    .min(1, { error: SEARCH_BLANK })
    .max(INVOICE_SEARCH_MAX, { error: 'Value is too long!' }),
});
