import { z } from 'zod';
import { requiredText } from './auth.schemas.ts';
import { isLocalDate, todayIn } from './date-ranges.ts';

/**
 * A phone as SPEC §5 allows it: 1 to 20 units, each a digit, a space, one of + _ - , . ^ * ? $ # ( ),
 * or the word ext or x. We also want at least one digit: '+' alone reaches nobody.
 */
const PHONE_UNITS = /^(?:ext|x|[0-9 +_\-,.^*?$#()]){1,20}$/i;
export function isPhone(value: string): boolean {
  return PHONE_UNITS.test(value) && /\d/.test(value);
}

/**
 * A phone's key, as the customers.phone_key column computes it (migration 0007): the word ext read as
 * x, then its letters and digits, lower-cased. '555-0101' and '555 0101' are one customer, and so are
 * '1 ext 2' and '1 x 2'.
 */
export function phoneKeyOf(phone: string): string {
  return phone
    .replace(/ext/gi, 'x')
    .replace(/[^0-9A-Za-z]/g, '')
    .toLowerCase();
}

/**
 * A customer as a request names them (docs/customers.md, "Naming a customer"). A text is always the
 * phone, SPEC §3's key, in any of its forms ('555 0101' names the customer of '555-0101'); only a JSON
 * number is Comanda's numeric id. A path segment is text, so `/customers/{phone}` always reads a phone,
 * and an all-digit phone is never taken for an id.
 */
export type CustomerRef = { phone: string } | { id: number };

/** A body's customer: a phone as text, or Comanda's id as a JSON number; anything else answers `message`. */
export function customerRefOf(message: string) {
  return z.union(
    [
      z
        .number({ error: message })
        .int({ error: message })
        .positive({ error: message })
        .max(Number.MAX_SAFE_INTEGER, { error: message })
        .transform((id): CustomerRef => ({ id })),
      z
        .string({ error: message })
        .trim()
        .min(1, { error: message })
        .max(80, { error: message })
        // Text that is no phone ('ana', '7e0') names nobody: refused here, never looked up.
        .refine(isPhone, { error: message })
        .transform((phone): CustomerRef => ({ phone })),
    ],
    { error: message },
  );
}

/** `/customers/{phone}`: the phone as the path carries it (URL-encoded; the router decodes it). */
export const customerPathParams = z.object({
  phone: z.string({ error: 'Not found!' }).min(1, { error: 'Not found!' }).max(200, { error: 'Not found!' }),
});

export const GENDERS = ['female', 'male', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

const PHONE_MISSING = "Please Provide Customer's Phone!";
const NAME_MISSING = "Please Provide Customer's Name!";
const EMAIL_INVALID = 'Please Provide Valid Email!';
const PHONE_INVALID = 'Please provide valid phone no.!';
const BIRTH_DATE_INVALID = 'Please provide a valid birth date!';
const BIRTH_DATE_FUTURE = 'Birth date cannot be in the future!';
const GENDER_INVALID = 'Please select female, male or other!';

/** An optional text field: blank, missing and null are all stored as null (SPEC §5). */
const blankAsNull = (v: unknown) =>
  v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v;

// The latest calendar date anywhere on Earth: a birth date "today" is never refused for being early
// somewhere. The form checks the same rule against the device's own today.
const latestToday = () => todayIn('Pacific/Kiritimati');

const customerFields = {
  name: requiredText(NAME_MISSING, 120, 'Name is too long!'),
  email: z.preprocess(
    blankAsNull,
    z
      .string({ error: EMAIL_INVALID })
      .trim()
      .max(254, { error: 'Email is too long!' })
      .pipe(z.email({ error: EMAIL_INVALID }))
      .nullable(),
  ),
  birthDate: z.preprocess(
    blankAsNull,
    z
      .string({ error: BIRTH_DATE_INVALID })
      .trim()
      .refine(isLocalDate, { error: BIRTH_DATE_INVALID, abort: true })
      .refine((v) => v >= '1900-01-01', { error: BIRTH_DATE_INVALID, abort: true })
      .refine((v) => v <= latestToday(), { error: BIRTH_DATE_FUTURE })
      .nullable(),
  ),
  gender: z.preprocess(blankAsNull, z.enum(GENDERS, { error: GENDER_INVALID }).nullable()),
};

/**
 * POST /customers/add and the Add New Customer dialog (SPEC §5). The messages come in the spec's order:
 * phone missing, name missing, email invalid, then phone invalid (checked once the fields pass).
 */
export const addCustomerSchema = z
  .object({
    phone: requiredText(PHONE_MISSING, 80, PHONE_INVALID),
    ...customerFields,
  })
  .refine((c) => isPhone(c.phone), { error: PHONE_INVALID, path: ['phone'] });
export type AddCustomerInput = z.input<typeof addCustomerSchema>;

/** POST /customers/{phone}/update: the phone is the customer's key and is not changed (SPEC §3). */
export const updateCustomerSchema = z.object(customerFields);
export type UpdateCustomerInput = z.input<typeof updateCustomerSchema>;

/** A customer as every list and the customer's page show it (SPEC §3 Customer). */
export const customerResponse = z.object({
  id: z.number(),
  phone: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  birth_date: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Customer = z.infer<typeof customerResponse>;

/** What the Add New Customer dialog hands back to its caller (the POS, the reservation dialog). */
export type PickedCustomer = Pick<Customer, 'id' | 'phone' | 'name'>;

export const CUSTOMERS_PER_PAGE = 10;
const pageNumber = (fallback: number, max: number) =>
  z.coerce
    .number({ error: 'Invalid request!' })
    .int({ error: 'Invalid request!' })
    .min(1, { error: 'Invalid request!' })
    .max(max, { error: 'Invalid request!' })
    .default(fallback);

/** GET /customers?sort=created_at&page=&filter=&perPage= (newest first; a page past the last is empty). */
export const customerListQuery = z.object({
  sort: z.enum(['created_at'], { error: 'Invalid request!' }).default('created_at'),
  page: pageNumber(1, 1_000_000),
  perPage: pageNumber(CUSTOMERS_PER_PAGE, 100),
  // Phone or name; blank lists everyone.
  filter: z
    .string({ error: 'Invalid request!' })
    .trim()
    .max(80, { error: 'Value is too long!' })
    .optional()
    .transform((v) => v || undefined),
});
export type CustomerListQuery = z.input<typeof customerListQuery>;

export const customerPageResponse = z.object({
  customers: z.array(customerResponse),
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
  totalPages: z.number(),
  /** The store's IANA time zone: the list shows each customer's 'Added' day on the store's calendar. */
  timezone: z.string(),
});
export type CustomerPage = z.infer<typeof customerPageResponse>;

/** GET /customers/search-by-phone-name/search?q= : a blank search is refused, never run. */
export const customerSearchQuery = z.object({
  q: requiredText('Please type a phone or name to search!', 80, 'Value is too long!'),
});

/** POST /customers/add: the server's message and what the dialog hands its caller (SPEC §7 Customers). */
export const addCustomerResponse = z.object({
  message: z.string(),
  customer: z.object({ id: z.number(), phone: z.string(), name: z.string() }),
});
export type AddCustomerResult = z.infer<typeof addCustomerResponse>;

/** GET /customers/search-by-phone-name/search: at most this many, best matches first. */
export const CUSTOMER_SEARCH_LIMIT = 20;

/** The CSV export's columns, in order (GET /customers/export). */
export const CUSTOMER_CSV_COLUMNS = ['phone', 'name', 'email', 'gender', 'birth_date', 'created_at'] as const;

/**
 * One CSV cell: RFC 4180 quoting (a cell with a quote, comma or line break is quoted, its quotes
 * doubled) after formula-injection defusing: a cell a spreadsheet would run as a formula (starting with
 * = @ tab or CR, or + or - unless it is a phone such as '+1 555 0101') gets a leading apostrophe.
 */
export function csvCell(value: string | null): string {
  let cell = value ?? '';
  const first = cell.charAt(0);
  if ('=@\t\r'.includes(first) && first !== '') cell = `'${cell}`;
  else if ((first === '+' || first === '-') && !isPhone(cell)) cell = `'${cell}`;
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** A CSV document from rows of cells: CRLF line ends (RFC 4180), a header row first. */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | null)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
