/**
 * A year of sales for the reports scenarios (issue 12): the owner tenant's menu, customers, bookings and
 * `orders` orders over the past 365 days, plus `otherTenants` tenants with `otherOrders` orders each, so
 * the owner's rows sit among other tenants' as in production.
 *
 * Written straight to PostgreSQL with set-based SQL, as the bench database's owner, in the order the app
 * writes a paid bill, so the rollup triggers of migration 0011 fire exactly as they do for the app:
 * orders (invoice_id NULL) and their lines, then the invoices (created_at = the instant paid), their
 * payments, then `UPDATE orders SET invoice_id` (one trigger call per order). Some orders are left
 * cancelled or unpaid, which reports leave out. Each tenant is one transaction with app.tenant_id set,
 * so the row-level security policies hold for a role that does not bypass them too.
 *
 * Random figures come from random() after setseed(): the same settings make the same history.
 */
import pg from 'pg';

export interface SalesHistoryOptions {
  /** The owner tenant (signed up through the API, so it has a real session). */
  ownerTenantId: number;
  orders: number;
  customers: number;
  otherTenants: number;
  otherOrders: number;
  otherCustomers: number;
}

export interface SalesHistory {
  seconds: number;
  /** Rows written, for the bench's notes. */
  counts: Record<string, number>;
}

/** The menu every seeded tenant gets: 6 categories of 40 items, prices in cents. */
const CATEGORIES: [
  title: string,
  items: string[],
  fromMinor: number,
  stepMinor: number,
  inclusive: boolean,
][] = [
  [
    'Starters',
    ['Bruschetta', 'Soup of the day', 'Calamari', 'Caesar salad', 'Garlic bread', 'Hummus plate'],
    550,
    150,
    false,
  ],
  [
    'Mains',
    [
      'Steak frites',
      'Roast chicken',
      'Salmon fillet',
      'Mushroom risotto',
      'Lamb shank',
      'Fish and chips',
      'Burger',
      'Veggie curry',
    ],
    1250,
    175,
    false,
  ],
  [
    'Pizza',
    ['Margherita', 'Diavola', 'Quattro formaggi', 'Capricciosa', 'Funghi', 'Marinara'],
    950,
    125,
    false,
  ],
  [
    'Desserts',
    ['Tiramisu', 'Cheesecake', 'Chocolate fondant', 'Panna cotta', 'Apple tart', 'Ice cream'],
    600,
    75,
    false,
  ],
  [
    'Drinks',
    [
      'Still water',
      'Sparkling water',
      'Cola',
      'Lemonade',
      'Orange juice',
      'House red',
      'House white',
      'Draught beer',
    ],
    250,
    100,
    true,
  ],
  ['Coffee', ['Espresso', 'Americano', 'Cappuccino', 'Latte', 'Flat white', 'Tea'], 220, 40, true],
];

const MENU = CATEGORIES.flatMap(([category, items, from, step, inclusive]) =>
  items.map((title, i) => ({ category, title, priceMinor: from + i * step, inclusive })),
);

/** Store time zones of the other tenants, so their days and hours differ from the owner's. */
const ZONES = [
  'Europe/Madrid',
  'Europe/London',
  'America/Chicago',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Auckland',
];

type Q = (text: string, params?: unknown[]) => Promise<pg.QueryResult<Record<string, unknown>>>;

/** The menu, taxes, payment types, customers and `orders` paid, cancelled and unpaid orders of one tenant. */
async function seedTenant(q: Q, tenantId: number, orders: number, customers: number, bookings: boolean) {
  await q(`select set_config('app.tenant_id', $1, true)`, [String(tenantId)]);
  await q(`select setseed($1)`, [(tenantId % 1000) / 1000]);
  await q(
    `insert into taxes (tenant_id, title, rate_bp, type) values ($1, 'VAT', 750, 'exclusive'), ($1, 'VAT incl.', 1000, 'inclusive')`,
    [tenantId],
  );
  await q(
    `insert into categories (tenant_id, title) select $1::bigint, t from unnest($2::text[]) with ordinality u(t, n) order by n`,
    [tenantId, CATEGORIES.map((c) => c[0])],
  );
  await q(
    `insert into menu_items (tenant_id, title, price_minor, category_id, tax_id)
     select $1::bigint, m.title, m.price, c.id, x.id
       from unnest($2::text[], $3::text[], $4::bigint[], $5::text[]) with ordinality m(title, category, price, tax, n)
       join categories c on c.tenant_id = $1 and c.title = m.category
       join taxes x on x.tenant_id = $1 and x.type = m.tax
      order by m.n`,
    [
      tenantId,
      MENU.map((m) => m.title),
      MENU.map((m) => m.category),
      MENU.map((m) => m.priceMinor),
      MENU.map((m) => (m.inclusive ? 'inclusive' : 'exclusive')),
    ],
  );
  // Cash and Card the tenant has from the start (migrations 0031, 0039).
  await q(`insert into payment_types (tenant_id, title) values ($1, 'Mobile')`, [tenantId]);
  // Customers signed up over the last 400 days: some before the year the reports cover.
  await q(
    `insert into customers (tenant_id, phone, name, created_at)
     select $1::bigint, '555 ' || lpad(g::text, 7, '0'), 'Guest ' || g, now() - random() * interval '400 days'
       from generate_series(1, $2::int) g`,
    [tenantId, customers],
  );

  // The menu and customers numbered 1..n, to pick from by a random number (low numbers come back
  // often: regulars; high numbers seldom).
  await q(`drop table if exists seed_menu, seed_customers, seed_draw, seed_orders, seed_lines`);
  await q(
    `create temp table seed_menu as
     select row_number() over (order by m.id)::int as n, m.id, m.title, m.price_minor, x.id as tax_id,
            x.title as tax_title, x.rate_bp, x.type as tax_type
       from menu_items m join taxes x on x.tenant_id = m.tenant_id and x.id = m.tax_id
      where m.tenant_id = $1`,
    [tenantId],
  );
  await q(
    `create temp table seed_customers as
     select row_number() over (order by id)::int as n, id, name, phone from customers where tenant_id = $1`,
    [tenantId],
  );
  // The random draws of each order, materialised so every use of one reads the same value.
  await q(
    `create temp table seed_draw as
     select g as n, random() as day, random() as slot, random() as minute, random() as state,
            random() as dining, random() as guest, random() as lines, random() as pay, random() as taken
       from generate_series(1, $1::int) g`,
    [orders],
  );
  const { rows: zone } = await q(`select timezone from tenants where id = $1`, [tenantId]);
  const timezone = String((zone[0]?.timezone as string | undefined) ?? 'UTC');
  // Paid instants over the store's last 366 days (today included), at lunch, at dinner or any time
  // from 10:00 to 22:00 on the store's clock; a time later today than now moves to the day before.
  await q(
    `create temp table seed_orders as
     with t as (
       select d.*,
              ((now() at time zone $1::text)::date - floor(d.day * 366)::int)
                + case when d.slot < 0.4 then interval '12 hours' + d.minute * interval '150 minutes'
                       when d.slot < 0.8 then interval '18 hours' + d.minute * interval '210 minutes'
                       else interval '10 hours' + d.minute * interval '12 hours' end as local_paid
         from seed_draw d
     ), p as (
       select t.*, (t.local_paid at time zone $1::text) as raw_paid from t
     ), o as (
       select p.n, case when p.raw_paid > now() then p.raw_paid - interval '1 day' else p.raw_paid end as paid_at,
              p.state, p.dining, p.guest, p.lines, p.pay, p.taken
         from p
     )
     select o.n,
            nextval(pg_get_serial_sequence('orders', 'id')) as order_id,
            gen_random_uuid() as uuid,
            o.paid_at,
            o.paid_at - (5 + o.taken * 40) * interval '1 minute' as created_at,
            case when o.state < 0.02 then 'cancelled' when o.state < 0.03 then 'unpaid' else 'paid' end as state,
            case when o.dining < 0.5 then 'dinein' when o.dining < 0.85 then 'takeaway' else 'delivery' end as delivery_type,
            case when o.guest < 0.35 then 1 + floor(power(o.guest / 0.35, 2) * $2::int)::int end as guest_n,
            1 + floor(o.lines * o.lines * 4)::int as line_count,
            case when o.pay < 0.35 then 'Cash' when o.pay < 0.9 then 'Card' else 'Mobile' end as payment_type
       from o`,
    [timezone, customers],
  );
  await q(
    `alter table seed_orders add column business_date date, add column token_no int, add column invoice_id bigint`,
  );
  await q(
    `update seed_orders s set business_date = b.business_date, token_no = b.token_no,
            invoice_id = case when s.state = 'paid' then nextval(pg_get_serial_sequence('invoices', 'id')) end
       from (select n, (created_at at time zone $1::text)::date as business_date,
                    row_number() over (partition by (created_at at time zone $1::text)::date order by created_at, n)::int as token_no
               from seed_orders) b
      where b.n = s.n`,
    [timezone],
  );
  await q(
    `insert into orders (tenant_id, id, uuid, business_date, token_no, currency, source, delivery_type, customer_type,
       customer_id, customer_name, customer_phone, status, payment_status, created_at, updated_at)
     overriding system value
     select $1::bigint, s.order_id, s.uuid, s.business_date, s.token_no, 'USD', 'pos', s.delivery_type,
            case when c.id is null then 'WALKIN' else 'CUSTOMER' end, c.id, c.name, c.phone,
            case when s.state = 'cancelled' then 'cancelled' else 'created' end, 'pending', s.created_at, s.created_at
       from seed_orders s left join seed_customers c on c.n = s.guest_n
      order by s.created_at`,
    [tenantId],
  );
  // 1-4 lines an order (more often 1-2), best sellers favoured, mostly one of each; the core's totals
  // rule in SQL: exclusive tax added on top, inclusive extracted, both rounded half up per line.
  await q(
    `create temp table seed_lines as
     with l as (
       select s.order_id, s.state, s.created_at,
              1 + floor(power(random(), 1.8) * (select count(*) from seed_menu))::int as item_n,
              case when random() < 0.75 then 1 when random() < 0.7 then 2 else 3 end as quantity
         from seed_orders s, generate_series(1, s.line_count)
     )
     select l.order_id, l.state, l.created_at, l.quantity, m.id as item_id, m.title, m.price_minor, m.tax_id, m.tax_title,
            m.rate_bp, m.tax_type, m.price_minor * l.quantity as amount,
            case when m.tax_type = 'exclusive'
                 then (m.price_minor * l.quantity * m.rate_bp * 2 + 10000) / 20000
                 else (m.price_minor * l.quantity * m.rate_bp * 2 + 10000 + m.rate_bp) / (2 * (10000 + m.rate_bp)) end as tax
       from l join seed_menu m on m.n = l.item_n`,
  );
  await q(
    `insert into order_items (tenant_id, uuid, order_id, item_id, item_title, base_price_minor, quantity, tax_id,
       tax_title, tax_rate_bp, tax_type, net_minor, tax_minor, total_minor, status, created_at, updated_at)
     select $1::bigint, gen_random_uuid(), l.order_id, l.item_id, l.title, l.price_minor, l.quantity, l.tax_id, l.tax_title,
            l.rate_bp, l.tax_type,
            case when l.tax_type = 'exclusive' then l.amount else l.amount - l.tax end, l.tax,
            case when l.tax_type = 'exclusive' then l.amount + l.tax else l.amount end,
            case l.state when 'paid' then 'delivered' when 'cancelled' then 'cancelled' else 'created' end,
            l.created_at, l.created_at
       from seed_lines l order by l.order_id`,
    [tenantId],
  );
  // The bills, as the app makes them when an order is paid: created_at is the instant paid.
  await q(
    `insert into invoices (tenant_id, id, uuid, sub_total_minor, tax_total_minor, total_minor, currency, delivery_type,
       customer_type, customer_id, customer_name, customer_phone, created_at)
     overriding system value
     select $1::bigint, s.invoice_id, gen_random_uuid(), t.net, t.tax, t.total, 'USD', s.delivery_type,
            case when c.id is null then 'WALKIN' else 'CUSTOMER' end, c.id, c.name, c.phone, s.paid_at
       from seed_orders s
       join (select order_id, sum(case when tax_type = 'exclusive' then amount else amount - tax end) as net,
                    sum(tax) as tax, sum(case when tax_type = 'exclusive' then amount + tax else amount end) as total
               from seed_lines group by order_id) t on t.order_id = s.order_id
       left join seed_customers c on c.n = s.guest_n
      where s.state = 'paid'
      order by s.paid_at`,
    [tenantId],
  );
  // One payment a bill; cash is tendered in whole 5s and the change given.
  await q(
    `insert into invoice_payments (tenant_id, invoice_id, payment_type_id, payment_type_title, amount_minor,
       tendered_minor, change_minor, created_at)
     select $1::bigint, i.id, p.id, p.title, i.total_minor,
            case when p.title = 'Cash' then ((i.total_minor + 499) / 500) * 500 end,
            case when p.title = 'Cash' then ((i.total_minor + 499) / 500) * 500 - i.total_minor end,
            i.created_at
       from seed_orders s
       join invoices i on i.tenant_id = $1 and i.id = s.invoice_id
       join payment_types p on p.tenant_id = $1 and p.title = s.payment_type
      order by i.created_at`,
    [tenantId],
  );
  // Marking the orders paid fires the orders trigger once per order, as the app's update does.
  await q(
    `update orders o set invoice_id = s.invoice_id, payment_status = 'paid', status = 'completed', updated_at = s.paid_at
       from seed_orders s
      where o.tenant_id = $1 and o.id = s.order_id and s.state = 'paid'`,
    [tenantId],
  );
  if (bookings) {
    // Three bookings an evening over the past year and the coming month; today's are on the dashboard.
    await q(
      `insert into reservations (tenant_id, unique_code, customer_id, starts_at, people_count, status, created_at)
       select $1::bigint, 'H' || lpad(g::text, 6, '0'), c.id,
              (((now() at time zone $2::text)::date + (g / 3 - 365)) + interval '19 hours' + (g % 3) * interval '1 hour') at time zone $2::text,
              2 + g % 5, case when g / 3 < 365 then 'paid' else 'booked' end, now()
         from generate_series(0, 3 * 396 - 1) g
         join seed_customers c on c.n = 1 + (g * 7919) % (select count(*) from seed_customers)`,
      [tenantId, timezone],
    );
  }
  await q(`drop table seed_menu, seed_customers, seed_draw, seed_orders, seed_lines`);
}

/** Seeds the history into the database at `url` (the bench database, as its owner) and analyses it. */
export async function seedSalesHistory(url: string, opts: SalesHistoryOptions): Promise<SalesHistory> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q: Q = (text, params) =>
    client.query<Record<string, unknown>>(text, params).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`${message}, in: ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
    });
  const inTx = async (fn: () => Promise<void>) => {
    await q('begin');
    try {
      await fn();
      await q('commit');
    } catch (error) {
      await q('rollback').catch(() => undefined);
      throw error;
    }
  };
  try {
    await inTx(() => seedTenant(q, opts.ownerTenantId, opts.orders, opts.customers, true));
    for (let i = 0; i < opts.otherTenants; i++) {
      await inTx(async () => {
        // Inserted directly; a trigger makes their store and print settings as at sign-up.
        const { rows } = await q(
          `insert into tenants (name, email, timezone) values ($1, $2, $3) returning id`,
          [`History Cafe ${i + 1}`, `history${i + 1}@bench.comanda.test`, ZONES[i % ZONES.length]],
        );
        await seedTenant(q, Number(rows[0]?.id), opts.otherOrders, opts.otherCustomers, false);
      });
    }
    // The triggers fired for every bill: the rollups add up to the owner's invoices and paid orders.
    const { rows: check } = await q(
      `select (select coalesce(sum(total_minor), 0) from invoices where tenant_id = $1)::bigint as billed,
              (select coalesce(sum(total_minor), 0) from sales_hourly where tenant_id = $1)::bigint as rolled,
              (select count(*) from orders where tenant_id = $1 and payment_status = 'paid')::bigint as paid,
              (select coalesce(sum(orders), 0) from sales_hourly where tenant_id = $1)::bigint as counted`,
      [opts.ownerTenantId],
    );
    const c = check[0] as { billed: string; rolled: string; paid: string; counted: string } | undefined;
    if (!c || c.billed !== c.rolled || c.paid !== c.counted) {
      throw new Error(`the sales rollups do not add up to the seeded bills: ${JSON.stringify(c)}`);
    }
    await q('vacuum analyze');
    const { rows } = await q(
      `select (select count(*) from orders)::int as orders, (select count(*) from order_items)::int as order_items,
              (select count(*) from invoices)::int as invoices, (select count(*) from customers)::int as customers,
              (select count(*) from sales_hourly)::int as sales_hourly,
              (select count(*) from sales_items_daily)::int as sales_items_daily,
              (select count(*) from sales_payments_daily)::int as sales_payments_daily,
              (select count(*) from customer_visits)::int as customer_visits`,
    );
    return {
      seconds: Math.round((Date.now() - started) / 100) / 10,
      counts: (rows[0] ?? {}) as Record<string, number>,
    };
  } finally {
    await client.end();
  }
}

/** The store's calendar date now in a time zone ('YYYY-MM-DD'; en-CA writes dates that way). */
export function storeToday(timezone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(now);
}

/** A 'YYYY-MM-DD' date moved by whole days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
