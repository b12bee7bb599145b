// The authorization walk (SPEC §6, issue 16): every API route, as registered with its access rule, is
// called as nobody, as each role, as staff holding each single scope, and as another tenant. A route
// added later is walked without editing this file; one that declares no access stops the app at start.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES, canDo, canOpen } from '@comanda/core';
import type { ApiRoute } from '../app.ts';
import {
  SUPERADMIN,
  type TestApp,
  type TestClient,
  createColleague,
  createTenant,
  rowsOf,
  startTestApp,
} from '../../test/harness.ts';
import { createQrStore, placeBody } from '../modules/qrmenu/qrmenu.fixtures.ts';
import { payBody, sendOrder } from '../modules/orders/orders.fixtures.ts';
import type { QrStore } from '../modules/qrmenu/qrmenu.fixtures.ts';

let app: TestApp;
let routes: ApiRoute[];
beforeAll(async () => {
  app = await startTestApp();
  routes = app.routes;
});
afterAll(() => app.close());

const PREFIX = '/api/v1';

/** The route's path with every parameter filled in by `fill` (a placeholder unless told). */
function pathOf(route: ApiRoute, fill: (param: string) => string = () => '1') {
  return route.url.slice(PREFIX.length).replace(/:(\w+)/g, (_, name: string) => fill(name));
}

/** The call's status only: some routes answer a file (CSV, an image), not JSON. */
async function call(client: TestClient, route: ApiRoute, path = pathOf(route)) {
  const withBody = route.method !== 'GET' && route.method !== 'DELETE';
  const res = await fetch(`${client.baseUrl}${PREFIX}${path}`, {
    method: route.method,
    headers: {
      'user-agent': client.userAgent,
      ...(withBody ? { 'content-type': 'application/json' } : {}),
      ...(client.cookies.size ? { cookie: client.cookieHeader() } : {}),
    },
    body: withBody ? '{}' : undefined,
  });
  await res.arrayBuffer();
  return { status: res.status };
}

const isTenantRoute = (r: ApiRoute) => !('public' in r.access) && !('superadmin' in r.access);
/** GETs only, where a call that is let through must be harmless: it reads. */
const reads = (r: ApiRoute) => r.method === 'GET';

/** Whether a staff user with these scopes may call the route (SPEC §6: admins pass every check). */
function staffMay(route: ApiRoute, scopes: string[]) {
  const subject = { role: 'staff' as const, scopes };
  const { access } = route;
  if ('screen' in access) return canOpen(subject, access.screen);
  if ('action' in access) return canDo(subject, access.action);
  return true;
}

/** A route's rule in one word: public, superadmin, signedIn, screen:<screen> or action:<action>. */
function ruleOf(route: ApiRoute): string {
  const { access } = route;
  if ('screen' in access) return `screen:${access.screen}`;
  if ('action' in access) return `action:${access.action}`;
  return Object.keys(access).filter((k) => k !== 'allowInactive')[0] ?? '';
}

/**
 * SPEC §6 by section of the API: the rules a route under each path may declare, first match wins. A
 * route in a section missing here fails the walk until its rule is written down.
 */
const SECTION_RULES: [RegExp, string[]][] = [
  [/^\/health$/, ['public']],
  [/^\/auth\/(signup|signin|refresh-token|forgot-password|reset-password\/:token)$/, ['public']],
  [/^\/auth\/(me|signout|subscription-details)$/, ['signedIn']],
  [/^\/auth\/(devices|remove-device)$/, ['screen:devices']],
  // Store devices (issue 31, docs/staff-pins.md): the owner makes and revokes them; the PIN pad and its
  // sign-in are read with the device's own credential, checked inside; a PIN session reports input.
  [/^\/auth\/store-devices(\/:id)?$/, ['action:staffPins.manage']],
  [/^\/auth\/(pin-pad|pin-signin)$/, ['public']],
  [/^\/auth\/pin-session\/active$/, ['signedIn']],
  // Whether the user has a PIN: read on Profile beside the subscription card, inactive tenants too.
  [/^\/auth\/profile\/pin$/, ['signedIn', 'screen:profile']],
  [/^\/auth\/profile$/, ['screen:profile']],
  [
    /^\/auth\/(stripe-product-lookup|create-checkout-session|cancel-subscription)$/,
    ['action:subscription.manage'],
  ],
  // Stripe's calls, checked by their signature.
  [/^\/billing\/stripe\/webhook$/, ['public']],
  [/^\/superadmin\/(signin|refresh-token)$/, ['public']],
  [/^\/superadmin\//, ['superadmin']],
  // The diners' menu and the menu photos.
  [/^\/(qrmenu|images)\//, ['public']],
  [/^\/dashboard$/, ['screen:home']],
  // The waiting QR orders' strip: on the POS and on Table Orders alike (issue 31).
  [/^\/pos\/qrorders\/live$/, ['screen:orders']],
  [/^\/pos\//, ['screen:pos']],
  // Table Orders (issue 29, docs/orders.md, Who may do what): whoever opens it reads it; a line's status
  // is ORDER_STATUS's too; what changes an order or takes money is the till's (POS, ORDERS).
  [/^\/orders\/update-status\/:id$/, ['action:orders.status']],
  [
    /^\/orders\/(cancel|complete|complete-and-pay-order|pay-split|move-table|move-item\/:id)$/,
    ['action:orders.manage'],
  ],
  [/^\/orders\b/, ['screen:orders']],
  // A manager's PIN typed into a pay dialog of Table Orders: the list is read, the approval is the till's.
  [/^\/discounts\/approvers$/, ['screen:orders']],
  [/^\/discounts\/approvals$/, ['action:orders.manage']],
  [/^\/kitchen\/settings$/, ['screen:settings']],
  [/^\/kitchen\b/, ['screen:kitchen']],
  [/^\/order-status-board\b/, ['screen:order-status-board']],
  [
    /^\/customers\b/,
    ['screen:customers', 'action:customers.lookup', 'action:customers.add', 'action:customers.manage'],
  ],
  [/^\/reservations\b/, ['screen:reservation', 'action:reservations.manage']],
  [/^\/invoices\b/, ['screen:invoices']],
  [/^\/reports\b/, ['screen:reports']],
  // What a pay dialog prices with (discount threshold, service charge): read by whoever takes payment.
  [/^\/settings\/bill-setting$/, ['signedIn', 'screen:settings']],
  // Whether a void must name a reason (issue 30): read by Table Orders' void dialog.
  [/^\/settings\/void-setting$/, ['signedIn', 'screen:settings']],
  // Whether a dine-in ticket may carry a name tag (issue 31): read by the POS.
  [/^\/settings\/ticket-setting$/, ['signedIn', 'screen:settings']],
  // The guided setup checklist: the owner's own.
  [/^\/setup\/(checklist|dismiss)$/, ['action:setup.manage']],
  [/^\/(settings|menu-items)\b/, ['screen:settings']],
  // Setting a colleague's PIN and seeing who has one: the owner's (issue 31).
  [/^\/users\/(pins|:username\/pin)$/, ['action:staffPins.manage']],
  [/^\/users\b/, ['screen:users']],
  // The owner's log of voids, refunds, discounts and drawer openings (issue 15).
  [/^\/audit-log$/, ['screen:settings']],
  // The reasons a void or refund is given: offered on Table Orders, the kitchen and Invoices alike.
  [/^\/void-reasons$/, ['signedIn']],
  // The till's shift; past shifts and their Z reports are the owner's figures.
  [/^\/shifts\/(current|open|:id\/movements|:id\/close)$/, ['screen:pos']],
  [/^\/shifts(\/:id\/z-report)?$/, ['action:shifts.history']],
  // Each person's own clock (issue 31); everyone's timesheets are the owner's and managers'.
  [/^\/timeclock\/(me|clock-in|clock-out|break-start|break-end)$/, ['signedIn']],
  [/^\/timeclock\/(entries(\/:id)?|export\.csv)$/, ['screen:timesheets']],
];

describe('the route list', () => {
  it('holds every module and gives each route one access rule', () => {
    expect(routes.length).toBeGreaterThan(100);
    const paths = routes.map((r) => `${r.method} ${r.url}`);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/v1/health',
        'POST /api/v1/pos/create-order',
        'GET /api/v1/superadmin/tenantsData/:status',
        'GET /api/v1/qrmenu/:qrcode',
      ]),
    );
  });
});

describe('the rules', () => {
  it('give every route the rule SPEC §6 gives its section', () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const path = route.url.slice(PREFIX.length);
      const allowed = SECTION_RULES.find(([section]) => section.test(path))?.[1];
      if (!allowed) wrong.push(`${route.method} ${route.url}: no section rule, write one down`);
      else if (!allowed.includes(ruleOf(route)))
        wrong.push(`${route.method} ${route.url}: ${ruleOf(route)}, not ${allowed.join(' or ')}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('as nobody', () => {
  it('answers 401 on every route that is not public, before reading the body', async () => {
    const anonymous = app.client();
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !('public' in r.access))) {
      const res = await call(anonymous, route);
      if (res.status !== 401) wrong.push(`${route.method} ${route.url}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('never answers 403 or 500 on a public route (a refresh without its cookie is a 401)', async () => {
    const anonymous = app.client();
    const wrong: string[] = [];
    for (const route of routes.filter((r) => 'public' in r.access)) {
      const res = await call(anonymous, route);
      if (res.status === 403 || res.status >= 500) wrong.push(`${route.method} ${route.url}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('as each role', () => {
  it("answers 401 to a tenant admin on the super admin's routes, and to the super admin on a tenant's", async () => {
    const owner = await createTenant(app);
    const superadmin = app.client();
    expect((await superadmin.post('/superadmin/signin', SUPERADMIN)).status).toBe(200);
    const wrong: string[] = [];
    for (const route of routes.filter((r) => 'superadmin' in r.access)) {
      const res = await call(owner.client, route);
      if (res.status !== 401) wrong.push(`admin ${route.method} ${route.url}: ${res.status}`);
    }
    for (const route of routes.filter(isTenantRoute)) {
      const res = await call(superadmin, route);
      if (res.status !== 401) wrong.push(`superadmin ${route.method} ${route.url}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets a tenant admin read every tenant screen', async () => {
    const owner = await createTenant(app);
    const wrong: string[] = [];
    for (const route of routes.filter((r) => isTenantRoute(r) && reads(r))) {
      const res = await call(owner.client, route);
      if (res.status === 401 || res.status === 403 || res.status >= 500)
        wrong.push(`${route.method} ${route.url}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 402 to a deactivated tenant on every route but the few it keeps (sign out, subscribe)', async () => {
    const owner = await createTenant(app);
    await app.database.asOwner((tx) =>
      tx.execute(sql`update tenants set is_active = false where id = ${owner.tenantId}`),
    );
    const wrong: string[] = [];
    for (const route of routes.filter(isTenantRoute)) {
      const kept = 'allowInactive' in route.access && route.access.allowInactive === true;
      // A kept route that writes (sign out) is left alone: it would end the session the walk uses.
      if (kept && !reads(route)) continue;
      const res = await call(owner.client, route);
      if (kept ? res.status === 402 || res.status === 401 : res.status !== 402)
        wrong.push(`${route.method} ${route.url}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('as staff with each single scope', () => {
  it('answers 403 wherever the scope does not reach, and lets it read where it does', async () => {
    const owner = await createTenant(app);
    const staff = await Promise.all(
      [[], ...SCOPES.map((s) => [s])].map(async (scopes) => ({
        scopes,
        client: (await createColleague(app, owner, { scopes })).client,
      })),
    );
    const wrong: string[] = [];
    for (const route of routes.filter(isTenantRoute)) {
      for (const { scopes, client } of staff) {
        const may = staffMay(route, scopes);
        // A call let through may write: only reads are made, and a refused call writes nothing.
        if (may && !reads(route)) continue;
        const res = await call(client, route);
        const ok = may ? res.status !== 401 && res.status !== 403 && res.status < 500 : res.status === 403;
        if (!ok) wrong.push(`[${scopes.join(',')}] ${route.method} ${route.url}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    // Every tenant route times 23 colleagues, one call at a time: its length grows with the routes, so it
    // gets a budget of its own rather than the default 30 s.
  }, 180_000);
});

describe("as another tenant, with the first tenant's ids", () => {
  let a: QrStore;
  let aIds: string[];
  let aUsername: string;

  /** The tables that hold a tenant's rows (a tenant_id column), with whether they have an id. */
  async function tenantTables(): Promise<{ name: string; hasId: boolean }[]> {
    const rows = await app.database.asOwner(async (tx) =>
      rowsOf<{ table_name: string; has_id: boolean }>(
        await tx.execute(sql`
          select c.table_name, bool_or(c.column_name = 'id') as has_id
          from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          group by c.table_name having bool_or(c.column_name = 'tenant_id')
          order by c.table_name`),
      ),
    );
    return rows.map((r) => ({ name: r.table_name, hasId: r.has_id }));
  }

  /** Every row id of a tenant, from every table that has a tenant_id and an id. */
  async function idsOf(tenantId: number): Promise<Set<string>> {
    const ids = new Set<string>();
    for (const table of (await tenantTables()).filter((t) => t.hasId)) {
      const rows = await app.database.asOwner(async (tx) =>
        rowsOf<{ id: string }>(
          await tx.execute(
            sql`select id::text as id from ${sql.identifier(table.name)} where tenant_id = ${tenantId}`,
          ),
        ),
      );
      for (const row of rows) ids.add(row.id);
    }
    return ids;
  }

  /** A fingerprint of everything a tenant has: any change to any of its rows changes it. */
  async function fingerprint(tenantId: number): Promise<Record<string, string>> {
    const print: Record<string, string> = {};
    for (const table of await tenantTables()) {
      const [row] = await app.database.asOwner(async (tx) =>
        rowsOf<{ f: string }>(
          await tx.execute(sql`
            select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as f
            from ${sql.identifier(table.name)} t where tenant_id = ${tenantId}`),
        ),
      );
      print[table.name] = row?.f ?? '';
    }
    return print;
  }

  beforeAll(async () => {
    // The first tenant has something of everything the routes address: a menu, a table, a customer, a
    // diner's QR order, an order in the kitchen and a paid bill.
    a = await createQrStore(app);
    expect((await app.client().post(`/qrmenu/${a.code}/place-order`, placeBody(a))).status).toBe(200);
    await sendOrder(app, a);
    expect((await a.owner.client.post('/pos/create-order-and-invoice', payBody(a))).status).toBe(200);
    aUsername = a.owner.username;
    aIds = [...(await idsOf(a.owner.tenantId))];
    expect(aIds.length).toBeGreaterThan(10);
  });

  it('answers 404 (or 400 for a body it refuses first) and changes nothing of theirs', async () => {
    const b = await createTenant(app);
    const own = await idsOf(b.tenantId);
    // An id the second tenant also holds (in another table) could be its own row: only the first's.
    const theirs = aIds.filter((id) => !own.has(id));
    const before = await fingerprint(a.owner.tenantId);
    const wrong: string[] = [];
    const addressed = routes.filter((r) => isTenantRoute(r) && /:(\w*id|username)\b/i.test(r.url));
    expect(addressed.length).toBeGreaterThan(20);
    for (const route of addressed) {
      for (const id of route.url.includes(':username') ? [aUsername] : theirs) {
        const res = await call(
          b.client,
          route,
          pathOf(route, () => id),
        );
        if (res.status !== 404 && res.status !== 400)
          wrong.push(`${route.method} ${route.url} with ${id}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await fingerprint(a.owner.tenantId)).toEqual(before);
  });
});
