import { z } from 'zod';

/**
 * Every error the API answers on purpose (outline's server/errors.ts is the model): a stable code the
 * web translates, the HTTP status, and the spec's message in English. `{{name}}` marks a parameter the
 * server fills in and sends beside the message, so a translation can place it too.
 * Services throw by code (`fail('tax_not_found')`), never by literal.
 */
export const ERRORS = {
  // Requests the server cannot read
  invalid_request: { status: 400, message: 'Invalid request!' },
  malformed_json: { status: 400, message: 'Malformed JSON body!' },
  malformed_form: { status: 400, message: 'Malformed form data!' },
  invalid_content_length: { status: 400, message: 'Invalid content length!' },
  nul_text: { status: 400, message: 'Text must not contain NUL characters!' },
  number_out_of_range: { status: 400, message: 'Number out of range!' },
  value_too_long: { status: 400, message: 'Value is too long!' },
  body_too_large: { status: 413, message: 'Request body is too large!' },
  too_many_fields: { status: 413, message: 'Too many form fields!' },
  too_many_files: { status: 413, message: 'Too many files!' },
  unsupported_media_type: { status: 415, message: 'Unsupported content type!' },
  /** A form field that fails its schema: the message is the field's own (packages/core schemas). */
  validation: { status: 400, message: 'Invalid request!' },

  // Sessions and access (SPEC §4, §8)
  unauthorized: { status: 401, message: 'Please sign in to continue!' },
  session_expired: { status: 401, message: 'Session expired! Please sign in again.' },
  invalid_credentials: { status: 401, message: 'Invalid username or password!' },
  payment_required: { status: 402, message: 'Your subscription is inactive!' },
  forbidden: { status: 403, message: "You don't have access to this area!" },
  cross_site: { status: 403, message: 'Cross-site request refused!' },
  too_many_attempts: { status: 429, message: 'Too many attempts! Please try again in a minute.' },
  server_busy: { status: 429, message: 'The server is busy! Please try again in a moment.' },
  too_many_requests: { status: 429, message: 'Too many requests! Please try again in a minute.' },

  // Subscription billing (issue 13, docs/billing.md)
  billing_off: { status: 400, message: 'Online payments are not enabled on this server!' },
  already_subscribed: { status: 409, message: 'Your subscription is already active!' },
  tenant_suspended: {
    status: 403,
    message: 'This business was suspended by the Comanda administrator. Contact support.',
  },
  subscription_not_found: { status: 404, message: 'Subscription not found!' },
  product_not_found: {
    status: 404,
    message: "Can't retrieve the product subscription, Please try after sometime!",
  },
  webhook_signature_invalid: { status: 400, message: 'Invalid webhook signature!' },
  billing_provider_failed: {
    status: 502,
    message: "We're getting issues while processing the request, try later!",
  },

  // Records
  not_found: { status: 404, message: 'Not found!' },
  record_exists: { status: 409, message: 'This record already exists!' },
  /** A deadlock or serialization failure: the other save went through, this one may simply be repeated. */
  try_again: { status: 409, message: 'Someone else changed this at the same moment! Please try again.' },

  // Accounts, users and devices (SPEC §2 Users, §3)
  username_taken: { status: 409, message: 'This username is already taken!' },
  email_registered: { status: 409, message: 'This email is already registered!' },
  reset_link_invalid: { status: 400, message: 'Invalid or expired reset link!' },
  user_not_found: { status: 404, message: 'User not found!' },
  device_not_found: { status: 404, message: 'Device not found!' },
  cannot_delete_self: { status: 400, message: 'You cannot delete yourself!' },
  cannot_remove_current_device: { status: 400, message: 'The current device cannot be removed!' },
  admin_not_editable: { status: 403, message: 'Admin users cannot be changed here!' },
  scopes_not_yours: { status: 403, message: 'You cannot grant scopes you do not have: {{scopes}}' },
  user_beyond_your_scopes: {
    status: 403,
    message: 'You cannot change a user who has scopes you do not have: {{scopes}}',
  },

  // Store settings, tables and the catalogue (SPEC §2 Settings)
  qr_menu_disabled: { status: 400, message: 'Please enable QR menu from store settings!' },
  currency_required: { status: 400, message: 'Please select a currency!' },
  prices_too_large_for_currency: { status: 400, message: 'Menu prices are too large for this currency!' },
  // A currency change the user may confirm (`confirmPriceRounding: true`); the web asks first.
  currency_rounds_prices: {
    status: 409,
    message:
      "Changing the currency to {{currency}} rounds {{count}} of the menu's prices to {{unit}}: {{example}}. Changing back will not restore them. Save anyway?",
  },
  tax_rate_invalid: { status: 400, message: 'Invalid value provided in Tax Rate!' },
  table_not_found: { status: 404, message: 'Table not found!' },
  category_not_found: { status: 404, message: 'Category not found!' },
  category_title_taken: { status: 409, message: 'A category with this title already exists!' },
  tax_not_found: { status: 404, message: 'Tax not found!' },
  payment_type_not_found: { status: 404, message: 'Payment type not found!' },

  // Menu items and images (SPEC §2 Menu Items)
  menu_item_not_found: { status: 404, message: 'Menu item not found!' },
  variant_not_found: { status: 404, message: 'Variant not found!' },
  addon_not_found: { status: 404, message: 'Addon not found!' },
  price_invalid: { status: 400, message: 'Please provide valid price!' },
  net_price_invalid: { status: 400, message: 'Please provide valid net price!' },
  variant_price_invalid: { status: 400, message: 'Please provide valid variant price!' },
  addon_price_invalid: { status: 400, message: 'Please provide valid addon price!' },
  image_not_found: { status: 404, message: 'Image not found!' },
  not_a_file: { status: 400, message: 'The file given is not an instance of Blob or File' },
  not_an_image: { status: 400, message: 'The file given is not an image' },
  image_too_large: { status: 413, message: 'Image is too large!' },

  // Customers and reservations (SPEC §2 Customers, Reservation)
  customer_not_found: { status: 404, message: 'Customer not found!' },
  customer_phone_taken: { status: 409, message: 'A customer with this phone already exists!' },
  customer_has_reservations: {
    status: 409,
    message: 'This customer has upcoming reservations! Cancel or delete them first.',
  },
  reservation_not_found: { status: 404, message: 'Reservation not found!' },
  reservation_in_past: { status: 400, message: 'Please select a date & time in the future!' },
  // Warnings the user may override (`override: true`); the web asks before saving again.
  table_double_booked: {
    status: 409,
    message: 'Table {{table}} is already booked at {{time}} ({{code}})! Save anyway?',
  },
  table_over_capacity: {
    status: 409,
    message: 'Table {{table}} seats {{capacity}}, this booking is for {{people}}! Save anyway?',
  },
  table_double_booked_over_capacity: {
    status: 409,
    message:
      'Table {{table}} is already booked at {{time}} ({{code}}) and seats {{capacity}}, this booking is for {{people}}! Save anyway?',
  },

  // POS orders (issue 10)
  variant_not_of_item: { status: 400, message: 'This variant does not belong to {{item}}!' },
  addon_not_of_item: { status: 400, message: 'This addon does not belong to {{item}}!' },
  customer_required: { status: 400, message: 'Please select customer!' },
  payment_type_inactive: { status: 400, message: 'This payment type is not active!' },
  no_active_payment_type: {
    status: 400,
    message: 'No payment type is active! Switch one on in Settings > Payment Types.',
  },
  payment_type_default_inactive: {
    status: 400,
    message: 'Switch this payment type on before making it the default!',
  },
  tendered_too_low: { status: 400, message: 'The amount tendered is less than the total!' },
  order_total_too_large: { status: 400, message: 'This order is too large!' },
  order_already_sent: {
    status: 409,
    message: 'This order was already sent without payment! Pay it from Table Orders.',
  },
  order_already_paid: { status: 409, message: 'This order is already paid!' },
  order_line_taken: {
    status: 409,
    message: 'A line of this cart was already sent in another order! Please start a new cart.',
  },
  idempotency_key_reused: { status: 422, message: 'This Idempotency-Key was used for another request!' },
  // Table orders, kitchen, invoices, QR orders at the POS (issue 10)
  order_not_found: { status: 404, message: 'Order not found!' },
  order_item_not_found: { status: 404, message: 'Order item not found!' },
  invoice_not_found: { status: 404, message: 'Invoice not found!' },
  qr_order_not_found: { status: 404, message: 'QR order not found!' },
  order_not_open: {
    status: 409,
    message: 'This order was already completed or cancelled! Refresh to see the latest orders.',
  },
  order_item_moved_on: {
    status: 409,
    message: 'This item was already updated on another screen! Refresh to see its status.',
  },
  nothing_to_pay: { status: 400, message: 'Nothing left to pay on these orders!' },
  nothing_to_recall: { status: 404, message: 'No bumped ticket to recall!' },
  qr_order_not_pending: {
    status: 409,
    message: 'This QR order was already taken or cancelled!',
  },
  // Moving orders and lines between tables (issue 15)
  move_same_table: { status: 400, message: 'Please pick another table: this one is where they are!' },
  move_not_dinein: { status: 409, message: 'Only dine-in orders can move to a table!' },
  move_item_cancelled: { status: 409, message: 'A cancelled item cannot move!' },
  move_quantity_too_large: { status: 400, message: 'You can move at most {{max}} of this item!' },

  // Shifts (issue 15, docs/shifts.md)
  shift_not_found: { status: 404, message: 'Shift not found!' },
  shift_already_open: { status: 409, message: 'A shift is already open! Close it before opening another.' },
  shift_closed: { status: 409, message: 'This shift is already closed! Closed shifts cannot change.' },
  cash_not_counted: { status: 400, message: 'Please count the cash in the drawer!' },
  count_line_unknown: {
    status: 400,
    message: 'This count does not match the shift! Refresh and count again.',
  },

  // POS drafts that follow the user (issue 31, docs/tickets.md)
  draft_not_found: { status: 404, message: 'Draft not found!' },
  drafts_full: { status: 409, message: 'You have 50 drafts! Restore or delete one first.' },
  draft_too_large: { status: 400, message: 'This draft is too large to save! Send it or split it in two.' },

  // Voids and refunds (issue 15, docs/voids.md)
  void_reason_not_found: { status: 404, message: 'Void reason not found!' },
  void_reason_title_taken: { status: 409, message: 'A void reason with this title already exists!' },
  // Only when the store asks for reasons (issue 30): SPEC §7 cancels and voids without one.
  void_reason_required: { status: 400, message: 'Please select a void reason!' },
  // Completing an unpaid order would take it off Table Orders unbilled (issue 29).
  order_unpaid_complete: {
    status: 409,
    message: 'This order is not paid! Pay it, or cancel it.',
  },
  order_paid_refund_instead: {
    status: 409,
    message: 'This order is already paid! Refund it from Invoices instead.',
  },
  refund_too_much: { status: 400, message: 'Only {{left}} of {{item}} can still be refunded!' },
  nothing_to_refund: { status: 400, message: 'Nothing left to refund on this invoice!' },
  refund_exceeds_paid: { status: 400, message: 'A refund cannot give back more than was paid!' },
  manager_required: { status: 403, message: 'Only a manager can do this!' },
  // Discounts (issue 15, docs/discounts.md)
  discount_needs_manager: {
    status: 403,
    message: 'A discount above {{threshold}} % needs a manager! Ask a manager to take the payment.',
  },
  // 409 and 400, not 403: the web client retries a 403 after refreshing the session (SPEC §7), which
  // would count a wrong PIN twice.
  discount_approval_invalid: {
    status: 409,
    message: "The manager's approval has expired or no longer matches the discount! Ask again.",
  },
  manager_pin_wrong: { status: 400, message: 'Wrong PIN, or this user cannot approve discounts!' },
  manager_pin_locked: {
    status: 429,
    message: 'Too many wrong PINs for this manager! Try again in {{minutes}} minutes.',
  },
  manager_pin_disabled: {
    status: 429,
    message:
      'Too many wrong PINs: this PIN is switched off until its manager sets it again on their Profile.',
  },
  discount_needs_no_approval: { status: 400, message: 'This discount does not need a manager!' },
  password_wrong: { status: 400, message: 'Your password is not right!' },

  // The time clock (issue 31, docs/timeclock.md)
  time_entry_not_found: { status: 404, message: 'Time entry not found!' },
  clock_in_first: { status: 409, message: 'Please clock in first!' },
  time_in_future: { status: 400, message: 'Times cannot be in the future!' },
  clock_out_before_in: { status: 400, message: 'Clock out must be after clock in!' },
  time_entry_reopen: { status: 400, message: 'A finished entry needs its clock-out time!' },
  break_outside_entry: { status: 400, message: 'Each break must be between clock in and clock out!' },
  breaks_overlap: { status: 400, message: 'Breaks must not overlap!' },
  break_end_before_start: { status: 400, message: 'A break must end after it starts!' },
  break_still_running: {
    status: 400,
    message: 'Only the last break of someone still on the clock can be without an end!',
  },
  time_entry_overlap: {
    status: 400,
    message: 'This overlaps another entry of {{name}} ({{when}})! Change the times or that entry first.',
  },

  // Staff PINs on a store device (issue 31, docs/staff-pins.md)
  /** No store-device credential, or a revoked one: the web falls back to the e-mail sign-in. */
  store_device_required: {
    status: 401,
    message: 'This device is not a store device! Please sign in with your e-mail.',
  },
  store_device_not_found: { status: 404, message: 'Store device not found!' },
  pin_wrong: { status: 400, message: 'Wrong PIN! Please try again.' },
  pin_locked: {
    status: 429,
    message: 'Too many wrong PINs on this device! Try again in {{minutes}} minutes or ask the owner.',
  },

  // The diners' QR menu (issue 11)
  /** An unknown menu code, or the store turned its QR menu off: the web shows 'Menu Not Available!'. */
  menu_not_available: { status: 404, message: 'Menu Not Available!' },
  qr_ordering_disabled: { status: 403, message: 'Ordering from the menu is not available at this store!' },
  too_many_orders: { status: 429, message: 'Too many orders! Please wait a few minutes or ask the staff.' },

  // The super administrator's tenants (issue 13)
  tenant_not_found: { status: 404, message: 'Tenant not found!' },

  internal: { status: 500, message: 'Something went wrong!' },
  database_unavailable: { status: 503, message: 'Database unavailable' },
  /** A statement ran past DATABASE_STATEMENT_TIMEOUT_MS and was cancelled; nothing was written. */
  database_timeout: {
    status: 503,
    message: 'The server took too long to answer! Please try again in a moment.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERRORS, code);
}

/** The catalogue's message with its parameters filled in. */
export function errorMessage(code: ErrorCode, params: Record<string, string> = {}): string {
  return ERRORS[code].message.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => params[name] ?? whole);
}

/** Every error answer: the message to show, the stable code, and the parameters of that message. */
export const errorSchema = z.object({
  message: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof errorSchema>;
