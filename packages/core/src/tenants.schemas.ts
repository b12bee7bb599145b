import { z } from 'zod';
import { emailText, newPasswordText, requiredText } from './auth.schemas.ts';
import { type DateFilter, dateRangeQuery } from './date-ranges.ts';

// The super administrator's tenant management (SPEC §2 Tenants, §3 Tenant, §4 Tenant list, §5 Tenant,
// §7 Super administrator). docs/superadmin-tenants.md says what each list and filter reads.

/** Tenants per page by default (SPEC §9). */
export const TENANTS_PER_PAGE = 5;
/** The status tabs of the tenant list. */
export const TENANT_STATUSES = ['active', 'inactive', 'all'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];
/** The tenant list's date filter offers every filter, 'tomorrow' included (SPEC §9). */
export const TENANT_FILTERS_EXCLUDED = [] as const satisfies readonly DateFilter[];

const activeFlag = z.boolean({ error: 'Invalid request!' });

/** POST /superadmin/tenants/add and the Add Tenant dialog (SPEC §5 Tenant add, in its order). */
export const addTenantSchema = z.object({
  name: requiredText('Please provide name!', 120, 'Name is too long!'),
  email: emailText('Please provide Email!', 'Please provide valid email!'),
  password: newPasswordText('Please provide password!'),
  isActive: activeFlag.default(true),
});
export type AddTenantInput = z.input<typeof addTenantSchema>;

/**
 * PATCH /superadmin/tenants/update/{id} and the Update Tenant dialog (SPEC §5 Tenant update). The
 * e-mail is the tenant's contact address; the admin's sign-in name stays what it was.
 */
export const updateTenantSchema = z.object({
  name: requiredText("Please Provide Tenant's Name!", 120, 'Name is too long!'),
  email: emailText("Please Provide Tenant's Email!", 'Please Provide Valid Email!'),
  isActive: activeFlag,
});
export type UpdateTenantInput = z.input<typeof updateTenantSchema>;

/** A tenant's id in a path: digits only, anything else names no tenant (404). */
export const tenantIdParams = z.object({
  id: z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
    z
      .number({ error: 'Not found!' })
      .int({ error: 'Not found!' })
      .positive({ error: 'Not found!' })
      .max(Number.MAX_SAFE_INTEGER, { error: 'Not found!' }),
  ),
});

export const tenantStatusParams = z.object({
  status: z.enum(TENANT_STATUSES, { error: 'Not found!' }),
});

const pageNumber = (fallback: number, max: number) =>
  z.coerce
    .number({ error: 'Invalid request!' })
    .int({ error: 'Invalid request!' })
    .min(1, { error: 'Invalid request!' })
    .max(max, { error: 'Invalid request!' })
    .default(fallback);

const dateFilter = dateRangeQuery(TENANT_FILTERS_EXCLUDED);

/**
 * GET /superadmin/tenants?page&perPage&search&status&type&from&to. `search` matches name or e-mail
 * (blank: everyone); `type` is the date filter on subscription_end (none: no date filter).
 */
export const tenantListQuery = z
  .object({
    page: pageNumber(1, 1_000_000),
    perPage: pageNumber(TENANTS_PER_PAGE, 100),
    search: z
      .string({ error: 'Invalid request!' })
      .trim()
      .max(120, { error: 'Value is too long!' })
      .optional()
      .transform((v) => v || undefined),
    // A client with no tab chosen sends `status=` (SPEC §7 lists it with no value): that is every tenant.
    status: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(TENANT_STATUSES, { error: 'Invalid request!' }).default('all'),
    ),
    type: z.string().optional(),
    from: z.string().optional(),
    to: z.string().optional(),
  })
  .transform((q, ctx) => {
    if (q.type === undefined) return { ...q, dates: undefined };
    const parsed = dateFilter.safeParse({ type: q.type, from: q.from, to: q.to });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    }
    return { ...q, dates: parsed.data };
  });
export type TenantListQuery = z.input<typeof tenantListQuery>;

/** One tenant as the list, the export and the history page show it (SPEC §3 Tenant). */
export const tenantRowResponse = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  subscription_start: z.string().nullable(),
  subscription_end: z.string().nullable(),
  /** The plan's price per month in US dollars (PLAN_PRICE_CENTS as a decimal). */
  plan_price_per_month: z.number(),
  created_at: z.string(),
});
export type TenantRow = z.infer<typeof tenantRowResponse>;

export const tenantPageResponse = z.object({
  tenants: z.array(tenantRowResponse),
  currentPage: z.number(),
  perPage: z.number(),
  total: z.number(),
});
export type TenantPage = z.infer<typeof tenantPageResponse>;

/** GET /superadmin/tenantsData (SPEC §3 Tenant counts). */
export const tenantCountsResponse = z.object({
  activeTenants: z.number(),
  inactiveTenants: z.number(),
  allTenants: z.number(),
});
export type TenantCounts = z.infer<typeof tenantCountsResponse>;

/** GET /superadmin/tenantsData/{status}: the whole tab, for the CSV export. */
export const tenantExportResponse = z.object({ tenants: z.array(tenantRowResponse) });

/** The CSV export's columns, in order. */
export const TENANT_CSV_COLUMNS = [
  'id',
  'name',
  'email',
  'status',
  'subscription_start',
  'subscription_end',
  'plan_price_per_month',
] as const;

/** POST /superadmin/tenants/add: the message and the new tenant's id. */
export const addTenantResponse = z.object({ message: z.string(), id: z.number() });

/** A subscription history row (SPEC §3 History rows); `status` other than created/cancelled reads Renewed. */
export const subscriptionHistoryRow = z.object({
  id: z.number(),
  tenant_id: z.number(),
  created_at: z.string(),
  starts_on: z.string().nullable(),
  expires_on: z.string().nullable(),
  status: z.string(),
});
export type SubscriptionHistoryRow = z.infer<typeof subscriptionHistoryRow>;

/** GET /superadmin/tenants/{id}/subscription-history (SPEC §3 History response). */
export const subscriptionHistoryResponse = z.object({
  tenantInfo: tenantRowResponse,
  storeDetails: z.object({
    storeName: z.string(),
    address: z.string(),
    email: z.string(),
    phone: z.string(),
    currency: z.string(),
    isQRMenuEnabled: z.boolean(),
  }),
  totalUsers: z.number(),
  subscriptionHistory: z.array(subscriptionHistoryRow),
});
export type SubscriptionHistory = z.infer<typeof subscriptionHistoryResponse>;

/** Whose log an audit page reads: the tenant's own audit_log, or the super admin's actions on it. */
export const AUDIT_SOURCES = ['tenant', 'platform'] as const;
export type AuditSource = (typeof AUDIT_SOURCES)[number];
export const AUDIT_PER_PAGE = 10;

/** GET /superadmin/tenants/{id}/audit-log?source&page&perPage (newest first). */
export const tenantAuditQuery = z.object({
  source: z.enum(AUDIT_SOURCES, { error: 'Invalid request!' }).default('tenant'),
  page: pageNumber(1, 100_000),
  perPage: pageNumber(AUDIT_PER_PAGE, 100),
});
export type TenantAuditQuery = z.input<typeof tenantAuditQuery>;

export const auditEntryResponse = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntryResponse>;

export const tenantAuditResponse = z.object({
  entries: z.array(auditEntryResponse),
  currentPage: z.number(),
  perPage: z.number(),
  total: z.number(),
});
export type TenantAuditPage = z.infer<typeof tenantAuditResponse>;
