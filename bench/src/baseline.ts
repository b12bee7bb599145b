/**
 * The bare baseline of the POS scenarios and the public QR menu's load: node:http + pg (or PGlite in-process, as the app uses it) +
 * a bare socket.io server, no framework, no ORM, no validation library. Each route does by hand the
 * database work the app does for it, statement for statement: the session check (one select), then one
 * transaction as comanda_app with app.tenant_id set (so row-level security applies as in the app), the
 * same selects and writes, COMMIT, and for a new order a `new_order` emit to the tenant's sockets.
 * What the app adds on top (Fastify, zod, drizzle, the presenters, hooks) is what its ratio measures.
 * GET /reports and GET /dashboard (issue 12) run report-sql.ts's statements, the app's repo SQL copied
 * by hand, and build the same JSON (run.ts checks the answers are equal before measuring).
 *
 * Started by run.ts as `node --import tsx bench/src/baseline.ts` with PORT and either DATABASE_URL (a
 * role that may SET ROLE comanda_app, e.g. the owner) or PGLITE_DIR (the app's stopped data dir).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { Server } from 'socket.io';
import * as reportSql from './report-sql.ts';

pg.types.setTypeParser(20, (v) => Number(v));

type Row = Record<string, unknown>;
type Query = <R = Row>(text: string, params?: unknown[]) => Promise<R[]>;
/** Rows as arrays, as drizzle reads a select (its columns may share a name, like two coalesce()). */
type ArrayQuery = (text: string, params?: unknown[]) => Promise<unknown[][]>;

interface Db {
  /** One statement as comanda_system outside a transaction, as the app's statementAsSystem. */
  read: Query;
  /** One transaction as comanda_app with the tenant set, as the app's inTenant. */
  inTenant<T>(tenantId: number, fn: (q: Query, qa: ArrayQuery) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// As the app's inTenant: the tenant, the role and (PostgreSQL) the statement timeout in one statement.
const SET_TENANT = `select set_config('app.tenant_id', $1, true), set_config('role', 'comanda_app', true)`;
const SET_TENANT_PG = `${SET_TENANT}, set_config('statement_timeout', '30000', true)`;

async function openDb(): Promise<Db> {
  const url = process.env.DATABASE_URL;
  if (url) {
    // The app's pools: 10 for tenant transactions, 5 logged in as comanda_system for its one-statement
    // checks (the session, a menu code's tenant), with the app's default statement timeout.
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const sessions = new pg.Pool({
      connectionString: url,
      max: 5,
      options: '-c role=comanda_system -c statement_timeout=30000',
    });
    const as = async <T>(setup: string, params: unknown[], fn: (q: Query, qa: ArrayQuery) => Promise<T>) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(setup, params);
        const q: Query = async <R>(text: string, params?: unknown[]) =>
          (await client.query(text, params)).rows as R[];
        const qa: ArrayQuery = async (text, values) =>
          (await client.query<unknown[]>({ text, values, rowMode: 'array' })).rows;
        const result = await fn(q, qa);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    };
    return {
      read: async <R>(text: string, params?: unknown[]) => (await sessions.query(text, params)).rows as R[],
      inTenant: (tenantId, fn) => as(SET_TENANT_PG, [String(tenantId)], fn),
      close: async () => void (await Promise.all([pool.end(), sessions.end()])),
    };
  }
  const dir = process.env.PGLITE_DIR;
  if (!dir) throw new Error('DATABASE_URL or PGLITE_DIR is required');
  const lite = await PGlite.create({ dataDir: dir });
  return {
    read: async (text, params) => (await lite.query<never>(text, params)).rows,
    inTenant: (tenantId, fn) =>
      lite.transaction(async (t) => {
        await t.query(SET_TENANT, [String(tenantId)]);
        return fn(
          async (text, params) => (await t.query<never>(text, params)).rows,
          async (text, params) => (await t.query<unknown[]>(text, params, { rowMode: 'array' })).rows,
        );
      }),
    close: () => lite.close(),
  };
}

/** The key the app signs access cookies with; only the owner may read it (not comanda_system). */
async function accessTokenKey(): Promise<Buffer> {
  const text = `select value from app_secrets where name = 'access_token_key'`;
  let rows: { value: string }[];
  if (process.env.DATABASE_URL) {
    const owner = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await owner.connect();
    rows = (await owner.query<{ value: string }>(text).finally(() => owner.end())).rows;
  } else {
    rows = await db.read<{ value: string }>(text);
  }
  if (!rows[0]) throw new Error('no access_token_key');
  return Buffer.from(rows[0].value, 'base64url');
}

const db = await openDb();
const key = await accessTokenKey();

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The app's access cookie: HS256 signature and expiry checked by hand, then the claims. */
function claimsOf(cookieHeader: string | undefined) {
  const token = /(?:^|;\s*)comanda_at=([^;]+)/.exec(cookieHeader ?? '')?.[1] ?? '';
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) return null;
  const expected = crypto.createHmac('sha256', key).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  const c = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
  if (typeof c.exp !== 'number' || c.exp * 1000 < Date.now() || typeof c.tid !== 'number') return null;
  return { tenantId: c.tid, userId: Number(c.uid), deviceId: Number(c.did) };
}

/** The session check every app request makes: device live, user present, tenant active. */
async function session(cookieHeader: string | undefined) {
  const claims = claimsOf(cookieHeader);
  if (!claims) throw new HttpError(401, 'Unauthorized');
  const [row] = await db.read<{ tenant_active: boolean }>(
    `select u.username, u.role, u.scope, t.is_active as tenant_active
       from devices d
       join users u on u.tenant_id = d.tenant_id and u.id = d.user_id
       join tenants t on t.id = d.tenant_id
      where d.tenant_id = $1 and d.id = $2 and d.user_id = $3 and d.revoked_at is null
      limit 1`,
    [claims.tenantId, claims.deviceId, claims.userId],
  );
  if (!row?.tenant_active) throw new HttpError(401, 'Unauthorized');
  return claims;
}

const ITEMS = `select mi.id, mi.title, mi.price_minor, mi.net_price_minor, mi.category_id, c.title as category_title,
    mi.tax_id, tx.title as tax_title, tx.rate_bp, tx.type as tax_type, im.key as image_key
  from menu_items mi
  left join categories c on c.tenant_id = mi.tenant_id and c.id = mi.category_id
  left join taxes tx on tx.tenant_id = mi.tenant_id and tx.id = mi.tax_id
  left join images im on im.tenant_id = mi.tenant_id and im.id = mi.image_id
  where mi.tenant_id = $1`;

async function posInit(tenantId: number) {
  return db.inTenant(tenantId, async (q) => {
    const [store] = await q<{ currency: string }>(
      'select * from store_settings where tenant_id = $1 limit 1',
      [tenantId],
    );
    const [print] = await q('select * from print_settings where tenant_id = $1 limit 1', [tenantId]);
    const [tenant] = await q('select timezone from tenants where id = $1 limit 1', [tenantId]);
    const items = await q<{ id: number }>(`${ITEMS} order by mi.id`, [tenantId]);
    const options = (table: string) =>
      q<{ item_id: number }>(
        `select id, item_id, title, price_minor from ${table} where tenant_id = $1 order by id`,
        [tenantId],
      );
    const variants = await options('menu_item_variants');
    const addons = await options('menu_item_addons');
    const categories = await q(
      `select c.id, c.title, (select count(*)::int from menu_items mi where mi.tenant_id = c.tenant_id and mi.category_id = c.id) as items_count
         from categories c where c.tenant_id = $1 order by c.id`,
      [tenantId],
    );
    const paymentTypes = await q<{ is_active: boolean }>(
      'select id, title, is_active from payment_types where tenant_id = $1 order by id',
      [tenantId],
    );
    const tables = await q('select * from store_tables where tenant_id = $1 order by id', [tenantId]);
    const byItem = (rows: { item_id: number }[]) => {
      const map = new Map<number, unknown[]>();
      for (const r of rows) map.set(r.item_id, [...(map.get(r.item_id) ?? []), r]);
      return map;
    };
    const v = byItem(variants);
    const a = byItem(addons);
    return {
      categories,
      menuItems: items.map((i) => ({ ...i, variants: v.get(i.id) ?? [], addons: a.get(i.id) ?? [] })),
      paymentTypes: paymentTypes.filter((t) => t.is_active),
      printSettings: print,
      storeSettings: { ...store, timezone: tenant?.timezone },
      storeTables: tables,
      currency: { code: store?.currency },
    };
  });
}

/**
 * GET /menu-items: the back office's menu list, the app's four queries: the store's currency, the items with their category, tax and picture, the variants and the addons.
 */
async function menuList(tenantId: number) {
  return db.inTenant(tenantId, async (q) => {
    await q('select currency from store_settings where tenant_id = $1 limit 1', [tenantId]);
    const items = await q<{ id: number }>(`${ITEMS} order by mi.id`, [tenantId]);
    const options = (table: string) =>
      q<{ item_id: number }>(
        `select id, item_id, title, price_minor from ${table} where tenant_id = $1 order by id`,
        [tenantId],
      );
    const variants = byItem(await options('menu_item_variants'));
    const addons = byItem(await options('menu_item_addons'));
    return items.map((i) => ({ ...i, variants: variants.get(i.id) ?? [], addons: addons.get(i.id) ?? [] }));
  });
}

function byItem(rows: { item_id: number }[]) {
  const map = new Map<number, unknown[]>();
  for (const r of rows) map.set(r.item_id, [...(map.get(r.item_id) ?? []), r]);
  return map;
}

/**
 * GET /qrmenu/{code}: the same work as the app's public menu. The code's tenant in one statement as
 * comanda_system (as the session check), then one tenant transaction: the store, the items, variants, addons and categories; the answer's
 * ETag (a SHA-256 of its JSON), as the app sends it.
 */
async function qrMenu(code: string) {
  const [found] = await db.read<{ tenant_id: number; is_active: boolean }>(
    `select s.tenant_id, t.is_active from store_settings s join tenants t on t.id = s.tenant_id
      where s.unique_qr_code = $1 limit 1`,
    [code],
  );
  if (!found?.is_active) throw new HttpError(404, 'Menu Not Available!');
  const tenantId = found.tenant_id;
  const menu = await db.inTenant(tenantId, async (q) => {
    const [store] = await q<{ currency: string; is_qr_menu_enabled: boolean }>(
      'select * from store_settings where tenant_id = $1 limit 1',
      [tenantId],
    );
    if (!store?.is_qr_menu_enabled) throw new HttpError(404, 'Menu Not Available!');
    const items = await q<{ id: number; image_key: string | null }>(`${ITEMS} order by mi.id`, [tenantId]);
    const options = (table: string) =>
      q<{ item_id: number }>(
        `select id, item_id, title, price_minor from ${table} where tenant_id = $1 order by id`,
        [tenantId],
      );
    const variants = await options('menu_item_variants');
    const addons = await options('menu_item_addons');
    const categories = await q(
      `select c.id, c.title, (select count(*)::int from menu_items mi where mi.tenant_id = c.tenant_id and mi.category_id = c.id) as items_count
         from categories c where c.tenant_id = $1 order by c.id`,
      [tenantId],
    );
    const byItem = (rows: { item_id: number }[]) => {
      const map = new Map<number, unknown[]>();
      for (const r of rows) map.set(r.item_id, [...(map.get(r.item_id) ?? []), r]);
      return map;
    };
    const v = byItem(variants);
    const a = byItem(addons);
    return {
      storeSettings: store,
      categories,
      menuItems: items.map((i) => ({
        ...i,
        thumb: i.image_key && `/api/v1/images/${i.image_key}/thumb`,
        variants: v.get(i.id) ?? [],
        addons: a.get(i.id) ?? [],
      })),
      storeTable: null,
    };
  });
  const json = JSON.stringify(menu);
  crypto.createHash('sha256').update(json).digest('base64url');
  return menu;
}

interface CartLine {
  uuid: string;
  item_id: number;
  variant_id?: number | null;
  addons_ids?: number[];
  quantity: number;
  notes?: string | null;
}
interface OrderBody {
  uuid: string;
  deliveryType: string;
  cart: CartLine[];
  payment?: { paymentTypeId: number; tendered?: string | number | null };
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The store's calendar date now (en-CA formats as YYYY-MM-DD). */
function today(timezone: string) {
  let f = dayFormats.get(timezone);
  if (!f) dayFormats.set(timezone, (f = new Intl.DateTimeFormat('en-CA', { timeZone: timezone })));
  return f.format(new Date());
}

const round2 = (minor: number) => minor / 100;

/**
 * The order, in the caller's transaction: the same statements as the app's takeOrder (store currency
 * held, UUID looked up, cart priced from three selects, time zone, token, order, lines, audit row).
 */
async function takeOrder(
  q: Query,
  who: { tenantId: number; userId: number; deviceId: number },
  body: OrderBody,
) {
  const { tenantId } = who;
  if (typeof body.uuid !== 'string' || !Array.isArray(body.cart) || body.cart.length === 0)
    throw new HttpError(400, 'Invalid order');
  const [store] = await q<{ currency: string }>(
    'select * from store_settings where tenant_id = $1 limit 1 for share',
    [tenantId],
  );
  const [found] = await q('select id from orders where tenant_id = $1 and uuid = $2 limit 1', [
    tenantId,
    body.uuid,
  ]);
  if (found) throw new HttpError(409, 'Order already taken');
  const items = new Map(
    (
      await q<{
        id: number;
        title: string;
        price_minor: number;
        tax_id: number | null;
        tax_title: string | null;
        rate_bp: number | null;
        tax_type: string | null;
      }>(`${ITEMS} and mi.id = any($2)`, [tenantId, [...new Set(body.cart.map((l) => l.item_id))]])
    ).map((r) => [r.id, r]),
  );
  type Option = { id: number; item_id: number; title: string; price_minor: number };
  const options = async (table: string, ids: number[]) =>
    new Map(
      ids.length === 0
        ? []
        : (
            await q<Option>(
              `select id, item_id, title, price_minor from ${table} where tenant_id = $1 and id = any($2)`,
              [tenantId, ids],
            )
          ).map((r) => [r.id, r]),
    );
  const variants = await options(
    'menu_item_variants',
    body.cart.flatMap((l) => (l.variant_id ? [l.variant_id] : [])),
  );
  const addons = await options(
    'menu_item_addons',
    body.cart.flatMap((l) => l.addons_ids ?? []),
  );

  let net = 0;
  let tax = 0;
  const lines = body.cart.map((l) => {
    const item = items.get(l.item_id);
    if (!item) throw new HttpError(404, 'Menu item not found');
    const variant = l.variant_id ? variants.get(l.variant_id) : undefined;
    if (l.variant_id && variant?.item_id !== item.id) throw new HttpError(404, 'Variant not found');
    const sold = (l.addons_ids ?? []).map((id) => {
      const addon = addons.get(id);
      if (addon?.item_id !== item.id) throw new HttpError(404, 'Addon not found');
      return { id: addon.id, title: addon.title, price_minor: addon.price_minor };
    });
    const base = variant ? variant.price_minor : item.price_minor;
    const addonsMinor = sold.reduce((s, a) => s + a.price_minor, 0);
    const lineNet = (base + addonsMinor) * l.quantity;
    const lineTax = item.tax_type === 'exclusive' ? Math.round((lineNet * (item.rate_bp ?? 0)) / 10000) : 0;
    net += lineNet;
    tax += lineTax;
    return [
      l.uuid,
      item.id,
      item.title,
      variant?.id ?? null,
      variant?.title ?? null,
      base,
      addonsMinor,
      JSON.stringify(sold),
      l.quantity,
      l.notes ?? null,
      item.tax_id,
      item.tax_title,
      item.rate_bp ?? 0,
      item.tax_type,
      lineNet,
      lineTax,
      lineNet + lineTax,
    ];
  });

  const [tenant] = await q<{ timezone: string }>('select timezone from tenants where id = $1 limit 1', [
    tenantId,
  ]);
  const businessDate = today(tenant?.timezone ?? 'UTC');
  const [token] = await q<{ last_token: number }>(
    `insert into token_counters (tenant_id, business_date, last_token) values ($1, $2, 1)
     on conflict (tenant_id, business_date) do update set last_token = token_counters.last_token + 1
     returning last_token`,
    [tenantId, businessDate],
  );
  const tokenNo = token?.last_token ?? 0;
  const [order] = await q<{ id: number }>(
    `insert into orders (tenant_id, uuid, business_date, token_no, currency, source, delivery_type, customer_type, created_by)
     values ($1, $2, $3, $4, $5, 'pos', $6, 'WALKIN', $7)
     on conflict (tenant_id, uuid) do nothing returning id`,
    [tenantId, body.uuid, businessDate, tokenNo, store?.currency, body.deliveryType, who.userId],
  );
  if (!order) throw new HttpError(409, 'Order already taken');
  // One multi-row insert, as drizzle sends it.
  const width = 17;
  await q(
    `insert into order_items (tenant_id, order_id, uuid, item_id, item_title, variant_id, variant_title,
       base_price_minor, addons_price_minor, addons, quantity, notes, tax_id, tax_title, tax_rate_bp, tax_type,
       net_minor, tax_minor, total_minor) values ${lines
         .map(
           (_, i) =>
             `($1, $2, ${Array.from({ length: width }, (_, j) => `$${3 + i * width + j}`).join(', ')})`,
         )
         .join(', ')}`,
    [tenantId, order.id, ...lines.flat()],
  );
  await audit(q, who, 'order.create', 'order', order.id, {
    tokenNo,
    businessDate,
    lines: lines.length,
    totalMinor: net + tax,
  });
  return { order: { id: order.id, tokenNo }, net, tax, total: net + tax, currency: store?.currency };
}

function audit(
  q: Query,
  who: { tenantId: number; userId: number; deviceId: number },
  action: string,
  targetType: string,
  targetId: number,
  details: unknown,
) {
  return q(
    `insert into audit_log (tenant_id, actor_user_id, actor_device_id, action, target_type, target_id, ip, details)
     values ($1, $2, $3, $4, $5, $6, '127.0.0.1', $7)`,
    [who.tenantId, who.userId, who.deviceId, action, targetType, String(targetId), JSON.stringify(details)],
  );
}

async function createOrder(who: { tenantId: number; userId: number; deviceId: number }, body: OrderBody) {
  const taken = await db.inTenant(who.tenantId, (q) => takeOrder(q, who, body));
  io.to(`tenant:${who.tenantId}`).emit('new_order', { orderId: taken.order.id });
  return {
    message: 'Order created!',
    tokenNo: taken.order.tokenNo,
    orderId: taken.order.id,
    orderUuid: body.uuid,
    itemsTotal: round2(taken.net),
    taxTotal: round2(taken.tax),
    payableTotal: round2(taken.total),
  };
}

/** The order taken and paid in one transaction, with the idempotency key claimed and answered. */
async function createOrderAndInvoice(
  who: { tenantId: number; userId: number; deviceId: number },
  body: OrderBody,
  rawBody: string,
  idempotencyKey: string | undefined,
) {
  const { tenantId } = who;
  const answer = await db.inTenant(tenantId, async (q) => {
    if (idempotencyKey) {
      const print = `POST /pos/create-order-and-invoice ${crypto.createHash('sha256').update(rawBody).digest('hex')}`;
      const claimed = await q(
        `insert into idempotency_keys (tenant_id, key, request) values ($1, $2, $3)
         on conflict (tenant_id, key) do nothing returning key`,
        [tenantId, idempotencyKey, print],
      );
      if (claimed.length === 0) throw new HttpError(409, 'Idempotency-Key already used');
    }
    const taken = await takeOrder(q, who, body);
    const [type] = await q<{ id: number; title: string; is_active: boolean }>(
      'select id, title, is_active from payment_types where tenant_id = $1 and id = $2 limit 1',
      [tenantId, body.payment?.paymentTypeId],
    );
    if (!type?.is_active) throw new HttpError(404, 'Payment type not found');
    const tendered = body.payment?.tendered == null ? null : Math.round(Number(body.payment.tendered) * 100);
    if (tendered !== null && tendered < taken.total) throw new HttpError(400, 'Tendered too low');
    const change = tendered === null ? null : tendered - taken.total;
    const [invoice] = await q<{ id: number }>(
      `insert into invoices (tenant_id, uuid, sub_total_minor, tax_total_minor, total_minor, currency, delivery_type,
         customer_type, created_by) values ($1, $2, $3, $4, $5, $6, $7, 'WALKIN', $8) returning id`,
      [
        tenantId,
        crypto.randomUUID(),
        taken.net,
        taken.tax,
        taken.total,
        taken.currency,
        body.deliveryType,
        who.userId,
      ],
    );
    if (!invoice) throw new Error('no invoice');
    await q(
      `insert into invoice_payments (tenant_id, invoice_id, payment_type_id, payment_type_title, amount_minor,
         tendered_minor, change_minor) values ($1, $2, $3, $4, $5, $6, $7)`,
      [tenantId, invoice.id, type.id, type.title, taken.total, tendered, change],
    );
    const paid = await q(
      `update orders set payment_status = 'paid', status = 'completed', invoice_id = $3, updated_at = now()
        where tenant_id = $1 and id = $2 and payment_status = 'pending' returning id`,
      [tenantId, taken.order.id, invoice.id],
    );
    if (paid.length === 0) throw new HttpError(409, 'Order already paid');
    await audit(q, who, 'invoice.create', 'invoice', invoice.id, {
      orderIds: [taken.order.id],
      totalMinor: taken.total,
      paymentType: type.title,
    });
    // The order as billed, for the receipt: the order row and its lines.
    const [order] = await q(
      'select * from orders where tenant_id = $1 and id = any($2) order by created_at, id',
      [tenantId, [taken.order.id]],
    );
    const items = await q(
      'select * from order_items where tenant_id = $1 and order_id = any($2) order by order_id, id',
      [tenantId, [taken.order.id]],
    );
    const result = {
      message: 'Order created and paid!',
      tokenNo: taken.order.tokenNo,
      orderId: taken.order.id,
      orderUuid: body.uuid,
      itemsTotal: round2(taken.net),
      taxTotal: round2(taken.tax),
      payableTotal: round2(taken.total),
      invoiceId: invoice.id,
      netTotal: round2(taken.net),
      total: round2(taken.total),
      change: change === null ? null : round2(change),
      pricesChanged: false,
      order: { ...order, items },
    };
    if (idempotencyKey) {
      await q('update idempotency_keys set response = $3::jsonb where tenant_id = $1 and key = $2', [
        tenantId,
        idempotencyKey,
        JSON.stringify(result),
      ]);
    }
    return result;
  });
  io.to(`tenant:${tenantId}`).emit('new_order', { orderId: answer.orderId });
  io.to(`tenant:${tenantId}`).emit('order_update', { orderId: answer.orderId });
  return answer;
}

const DELIVERY_TYPES = ['dinein', 'delivery', 'takeaway'];
const REPORT_TYPES = new Set<string>([
  'today',
  'yesterday',
  'last_7days',
  'this_month',
  'last_month',
  'custom',
]);
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
const currencies = new Map<string, { code: string; symbol: string; digits: number }>();

/** The store's clock and currency (the app's storeFrame): its time zone, then its settings row. */
async function storeFrame(qa: ArrayQuery, tenantId: number) {
  const [zone] = await qa(reportSql.TIMEZONE, [tenantId, 1]);
  const [store] = await qa(reportSql.STORE_SETTINGS, [tenantId, 1]);
  if (!store) throw new Error(`store settings missing for tenant ${tenantId}`);
  const timezone = typeof zone?.[0] === 'string' ? zone[0] : 'UTC';
  const code = String(store[5]);
  let currency = currencies.get(code);
  if (!currency) {
    const format = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
    });
    currency = {
      code,
      symbol: format.formatToParts(1).find((p) => p.type === 'currency')?.value ?? code,
      digits: format.resolvedOptions().maximumFractionDigits ?? 2,
    };
    currencies.set(code, currency);
  }
  const scale = 10 ** currency.digits;
  return {
    timezone,
    today: reportSql.todayIn(timezone),
    currency,
    money: (minor: number) => Math.round(minor) / scale,
  };
}
type Frame = Awaited<ReturnType<typeof storeFrame>>;

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const averageMinor = (total: number, count: number) =>
  count === 0 ? 0 : Math.floor((2 * total + count) / (2 * count));

/** The dashboard's and a report's shared figures, one statement after another as the app runs them. */
async function rangeFigures(
  qa: ArrayQuery,
  tenantId: number,
  frame: Frame,
  range: { from: string; to: string },
) {
  const instants = {
    from: reportSql.midnightIn(range.from, frame.timezone),
    to: reportSql.midnightIn(reportSql.addDays(range.to, 1), frame.timezone),
  };
  const out: unknown[][][] = [];
  for (const s of reportSql.rangeFigureStatements(
    tenantId,
    { ...range, currency: frame.currency.code },
    instants,
  )) {
    out.push(await qa(s.text, s.params));
  }
  const [summaryRows = [], items = [], [paying = []] = [], [fresh = []] = []] = out;
  return {
    instants,
    summary: summaryOf(summaryRows),
    items: items.map((r) => ({
      itemKey: String(r[0]),
      itemId: r[1] === null ? null : n(r[1]),
      title: String(r[2]),
      priceMinor: r[3] === null ? null : n(r[3]),
      category: typeof r[4] === 'string' ? r[4] : '',
      units: n(r[5]),
      total: n(r[6]),
    })),
    customers: { total: n(paying[0]), repeated: n(paying[1]) },
    newCustomers: n(fresh[0]),
  };
}

type Figures = { invoices: number; orders: number; net: number; tax: number; total: number };
type ItemRow = {
  itemKey: string;
  itemId: number | null;
  title: string;
  priceMinor: number | null;
  category: string;
  units: number;
  total: number;
};

/** The GROUPING SETS rows of the sales summary: the totals, and per day, hour and dining option. */
function summaryOf(rows: unknown[][]) {
  const figures = (r: unknown[]): Figures => ({
    invoices: n(r[4]),
    orders: n(r[5]),
    net: n(r[6]),
    tax: n(r[7]),
    total: n(r[8]),
  });
  let totals: Figures = { invoices: 0, orders: 0, net: 0, tax: 0, total: 0 };
  const byDay = new Map<string, Figures>();
  const byHour = new Map<number, Figures>();
  const byDining = new Map<string, Figures>();
  for (const r of rows) {
    const set = n(r[0]);
    if (set === 7) totals = figures(r);
    else if (set === 3) byDay.set(String(r[1]), figures(r));
    else if (set === 5) byHour.set(n(r[2]), figures(r));
    else if (set === 6) byDining.set(String(r[3]), figures(r));
  }
  return { totals, byDay, byHour, byDining };
}

/** The ten best sellers by units, then takings, then item. */
function topOf(items: ItemRow[], frame: Frame) {
  return [...items]
    .sort(
      (a, b) =>
        b.units - a.units ||
        b.total - a.total ||
        (a.itemKey < b.itemKey ? -1 : a.itemKey > b.itemKey ? 1 : 0),
    )
    .slice(0, 10)
    .map((r) => ({
      item_id: r.itemId,
      title: r.title,
      price: frame.money(r.priceMinor ?? averageMinor(r.total, r.units)),
      orders_count: r.units,
      revenue: frame.money(r.total),
    }));
}

/** GET /dashboard: today's figures and bookings, in one tenant transaction. */
function dashboard(tenantId: number) {
  return db.inTenant(tenantId, async (_q, qa) => {
    const frame = await storeFrame(qa, tenantId);
    const figures = await rangeFigures(qa, tenantId, frame, { from: frame.today, to: frame.today });
    const s = reportSql.reservationsStatement(tenantId, figures.instants);
    const bookings = await qa(s.text, s.params);
    return {
      date: frame.today,
      reservations: bookings.map((r) => ({
        id: r[0],
        unique_code: r[1],
        customer_id: r[2],
        customer_name: r[3],
        customer_phone: r[4],
        date: (r[5] as Date).toISOString(),
        local_date: (r[5] as Date)
          .toLocaleString('sv', { timeZone: frame.timezone })
          .slice(0, 16)
          .replace(' ', 'T'),
        table_id: r[6],
        table_title: r[7],
        floor: r[8],
        status: r[9],
        notes: r[10],
        people_count: r[11],
        created_at: (r[12] as Date).toISOString(),
        updated_at: (r[13] as Date).toISOString(),
      })),
      topSellingItems: topOf(figures.items, frame),
      ordersCount: figures.summary.totals.orders,
      newCustomerCount: figures.newCustomers,
      repeatedCustomerCount: figures.customers.repeated,
      revenueTotal: frame.money(figures.summary.totals.total),
      currency: frame.currency,
    };
  });
}

/** GET /reports: the same statements as the app's report, in its order, in one tenant transaction. */
function report(tenantId: number, query: URLSearchParams) {
  const type = query.get('type') ?? 'today';
  const from = query.get('from') ?? undefined;
  const to = query.get('to') ?? undefined;
  if (!REPORT_TYPES.has(type)) throw new HttpError(400, 'Please select a valid date filter!');
  if ((from && !LOCAL_DATE.test(from)) || (to && !LOCAL_DATE.test(to)))
    throw new HttpError(400, 'Please select a valid date range!');
  return db.inTenant(tenantId, async (_q, qa) => {
    const frame = await storeFrame(qa, tenantId);
    const { range, previous } = reportSql.reportRanges(type as reportSql.ReportType, frame.today, {
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    });
    const { money } = frame;
    const figures = await rangeFigures(qa, tenantId, frame, range);
    const granularity = range.from === range.to ? 'hour' : 'day';
    const out: unknown[][][] = [];
    for (const s of reportSql.reportRestStatements(
      tenantId,
      { ...range, currency: frame.currency.code },
      { ...previous, currency: frame.currency.code },
    )) {
      out.push(await qa(s.text, s.params));
    }
    const [previousRows = [], payments = []] = out;
    const before = summaryOf(previousRows);
    const { summary } = figures;
    const at = (sum: ReturnType<typeof summaryOf>, key: string) =>
      granularity === 'hour' ? sum.byHour.get(Number(key)) : sum.byDay.get(key);
    const categories = new Map<string, { units: number; total: number }>();
    for (const item of figures.items) {
      const c = categories.get(item.category) ?? { units: 0, total: 0 };
      categories.set(item.category, { units: c.units + item.units, total: c.total + item.total });
    }
    const slots =
      granularity === 'hour'
        ? Array.from({ length: 24 }, (_, h) => ({ key: String(h), previousKey: String(h) }))
        : Array.from({ length: reportSql.daysBetween(range.from, range.to) + 1 }, (_, i) => {
            const previousDay = reportSql.addDays(previous.from, i);
            return {
              key: reportSql.addDays(range.from, i),
              previousKey: previousDay <= previous.to ? previousDay : null,
            };
          });
    const label = (key: string) => (granularity === 'hour' ? key.padStart(2, '0') : key);
    const { totals } = summary;
    const { customers } = figures;
    return {
      from: range.from,
      to: range.to,
      timezone: frame.timezone,
      currency: frame.currency,
      ordersCount: totals.orders,
      invoicesCount: totals.invoices,
      newCustomers: figures.newCustomers,
      repeatedCustomers: customers.repeated,
      totalCustomers: customers.total,
      averageOrderValue: money(averageMinor(totals.total, totals.orders)),
      netRevenue: money(totals.net),
      taxTotal: money(totals.tax),
      revenueTotal: money(totals.total),
      topSellingItems: topOf(figures.items, frame),
      previous: {
        from: previous.from,
        to: previous.to,
        ordersCount: before.totals.orders,
        revenueTotal: money(before.totals.total),
      },
      revenueSeries: {
        granularity,
        points: slots.map(({ key, previousKey }) => ({
          label: label(key),
          revenue: money(at(summary, key)?.total ?? 0),
          orders: at(summary, key)?.orders ?? 0,
          previousLabel: previousKey === null ? null : label(previousKey),
          previousRevenue: previousKey === null ? null : money(at(before, previousKey)?.total ?? 0),
        })),
      },
      byPaymentType: payments.map((r) => ({ key: r[0], count: n(r[1]), revenue: money(n(r[2])) })),
      byDiningOption: DELIVERY_TYPES.map((d) => ({
        key: d,
        count: summary.byDining.get(d)?.orders ?? 0,
        revenue: money(summary.byDining.get(d)?.total ?? 0),
      })),
      byCategory: [...categories]
        .sort(([a, x], [b, y]) => y.total - x.total || (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, c]) => ({ key, count: c.units, revenue: money(c.total) })),
      busiestHours: Array.from({ length: 24 }, (_, h) => ({
        key: h,
        count: summary.byHour.get(h)?.orders ?? 0,
        revenue: money(summary.byHour.get(h)?.total ?? 0),
      })),
    };
  });
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
    req.on('error', reject);
  });
}

async function handle(req: http.IncomingMessage): Promise<unknown> {
  const [path, search] = (req.url ?? '').split('?');
  if (req.method === 'GET' && path === '/api/v1/health') {
    await db.read('select 1');
    return { status: 'ok' };
  }
  if (req.method === 'GET' && path?.startsWith('/api/v1/qrmenu/'))
    return qrMenu(decodeURIComponent(path.slice('/api/v1/qrmenu/'.length)));
  const who = await session(req.headers.cookie);
  if (req.method === 'GET' && path === '/api/v1/pos/init') return posInit(who.tenantId);
  if (req.method === 'GET' && path === '/api/v1/menu-items') return menuList(who.tenantId);
  if (req.method === 'GET' && path === '/api/v1/dashboard') return dashboard(who.tenantId);
  if (req.method === 'GET' && path === '/api/v1/reports')
    return report(who.tenantId, new URLSearchParams(search));
  if (req.method === 'POST' && path === '/api/v1/pos/create-order')
    return createOrder(who, JSON.parse(await readBody(req)) as OrderBody);
  if (req.method === 'POST' && path === '/api/v1/pos/create-order-and-invoice') {
    const raw = await readBody(req);
    const key = req.headers['idempotency-key'];
    return createOrderAndInvoice(
      who,
      JSON.parse(raw) as OrderBody,
      raw,
      typeof key === 'string' ? key : undefined,
    );
  }
  throw new HttpError(404, 'Not found');
}

const server = http.createServer((req, res) => {
  handle(req).then(
    (answer) => {
      const json = JSON.stringify(answer);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
      res.end(json);
    },
    (error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      if (status === 500) console.error(error);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: error instanceof Error ? error.message : 'error' }));
    },
  );
});

// The tenant's room from the handshake's cookie, checked like an HTTP request; events after COMMIT.
const io = new Server(server, { path: '/socket.io', serveClient: false });
io.use((socket, next) => {
  session(socket.handshake.headers.cookie).then(
    (who) => {
      void socket.join(`tenant:${who.tenantId}`);
      next();
    },
    () => next(new Error('unauthorized')),
  );
});

io.on('connection', (socket) => socket.emit('authenticated', { tenant: true }));

server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => {
  void io.close();
  void db.close().finally(() => process.exit(0));
});
