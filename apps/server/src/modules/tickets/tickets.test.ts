import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DRAFTS_PER_USER_MAX,
  DRAFT_LINES_MAX,
  CART_NOTES_MAX,
  type Order,
  type PosInit,
  type ServerDraft,
  type TableOrders,
  type TicketSettings,
} from '@comanda/core';
import { count, eq } from 'drizzle-orm';
import { menuItemAddons, posDrafts } from '../../platform/db/schema.ts';
import { type TestApp, auditActions, createColleague, startTestApp } from '../../../test/harness.ts';
import { type Store, createStore, orderBody, uuid } from '../orders/orders.fixtures.ts';

let app: TestApp;
let store: Store;
let other: Store;
beforeAll(async () => {
  app = await startTestApp();
  store = await createStore(app);
  other = await createStore(app);
}, 600_000);
afterAll(() => app.close());

type Drafts = { drafts: ServerDraft[] };
type Saved = { message: string; draft: ServerDraft };

/** A draft of the POS: 2 × Burger Large with Cheese and a note, seat 2; 1 × Water; at table T1. */
const draftBody = (s: Store, extra: Record<string, unknown> = {}) => ({
  nameRef: 'T1',
  cart: [
    {
      uuid: uuid(),
      item_id: s.burger,
      variant_id: s.large,
      addons_ids: [s.cheese],
      quantity: 2,
      notes: 'no onion',
      seat: 2,
    },
    { uuid: uuid(), item_id: s.water, quantity: 1 },
  ],
  deliveryType: 'dinein',
  tableId: s.table,
  customerId: s.customer,
  ...extra,
});

async function draftRows(s: Store) {
  return app.database.inTenant(s.owner.tenantId, async (tx) => {
    const [row] = await tx
      .select({ n: count() })
      .from(posDrafts)
      .where(eq(posDrafts.tenantId, s.owner.tenantId));
    return row?.n ?? 0;
  });
}

describe('POS drafts that follow the user (/pos/drafts)', () => {
  it('answers 401 signed out and 403 without the POS screen, and writes nothing', async () => {
    const cook = await createColleague(app, store.owner, { scopes: ['KITCHEN'] });
    for (const [method, path, body] of [
      ['GET', '/pos/drafts', undefined],
      ['POST', '/pos/drafts', draftBody(store)],
      ['DELETE', '/pos/drafts/1', undefined],
    ] as const) {
      expect((await app.client().request(method, path, body)).status).toBe(401);
      expect((await cook.client.request(method, path, body)).status).toBe(403);
    }
    expect(await draftRows(store)).toBe(0);
  });

  it('refuses a bad ticket with 400 and the rule it breaks, and writes nothing', async () => {
    const s = await createStore(app);
    const line = { item_id: s.water, quantity: 1 };
    const cases: [Record<string, unknown>, string][] = [
      [{ nameRef: '  ' }, 'Please name the draft!'],
      [{ nameRef: 'x'.repeat(101) }, "A draft's name can be at most 100 characters!"],
      [{ cart: [] }, 'Cart is empty!'],
      [{ cart: Array.from({ length: 101 }, () => line) }, 'Too many lines in the cart!'],
      [{ cart: [{ ...line, quantity: 0 }] }, 'Please provide a valid quantity!'],
      [{ cart: [{ ...line, notes: 'n'.repeat(101) }] }, 'Notes can be at most 100 characters!'],
      [{ deliveryType: 'drive-in' }, 'Please select a valid dining option!'],
      [{ nameTag: 'x'.repeat(41) }, 'A name tag can be at most 40 characters!'],
    ];
    for (const [extra, message] of cases) {
      const res = await s.owner.client.post('/pos/drafts', draftBody(s, extra));
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    // A variant of another item is refused as an order's cart would be.
    const res = await s.owner.client.post(
      '/pos/drafts',
      draftBody(s, { cart: [{ item_id: s.water, variant_id: s.large, quantity: 1 }] }),
    );
    expect(res.status).toBe(400);
    expect(await draftRows(s)).toBe(0);
  });

  it("answers 404 for another store's item, table or customer, and for another store's or user's draft", async () => {
    const s = await createStore(app);
    for (const extra of [
      { cart: [{ item_id: other.water, quantity: 1 }] },
      { tableId: other.table },
      { customerId: other.customer },
    ]) {
      const res = await s.owner.client.post('/pos/drafts', draftBody(s, extra));
      expect(res.status).toBe(404);
    }
    expect(await draftRows(s)).toBe(0);

    const mine = await s.owner.client.post<Saved>('/pos/drafts', draftBody(s));
    expect(mine.status).toBe(200);
    const id = mine.body.draft.id;
    // Another store's owner, and a colleague of the same store, neither see nor delete it.
    const waiter = await createColleague(app, s.owner, { scopes: ['POS'] });
    expect((await other.owner.client.get<Drafts>('/pos/drafts')).body.drafts.map((d) => d.id)).not.toContain(
      id,
    );
    expect((await waiter.client.get<Drafts>('/pos/drafts')).body).toEqual({ drafts: [] });
    for (const client of [other.owner.client, waiter.client]) {
      const res = await client.request('DELETE', `/pos/drafts/${id}`, undefined);
      expect([res.status, res.body.message]).toEqual([404, 'Draft not found!']);
    }
    expect(await draftRows(s)).toBe(1);
  });

  it('keeps the ticket as saved, lists it on another device of the same user, and deletes it', async () => {
    const s = await createStore(app);
    const waiter = await createColleague(app, s.owner, { scopes: ['POS'], name: 'Rita' });
    const body = draftBody(s, { nameTag: '  Anna  ' });
    const saved = await waiter.client.post<Saved>('/pos/drafts', body);
    expect([saved.status, saved.body.message]).toEqual([200, 'Draft saved!']);
    const expected = {
      id: saved.body.draft.id,
      nameRef: 'T1',
      createdAt: expect.any(String) as unknown,
      cart: [
        {
          uuid: body.cart[0]?.uuid,
          item_id: s.burger,
          variant_id: s.large,
          addons_ids: [s.cheese],
          quantity: 2,
          notes: 'no onion',
          seat: 2,
        },
        {
          uuid: body.cart[1]?.uuid,
          item_id: s.water,
          variant_id: null,
          addons_ids: [],
          quantity: 1,
          notes: null,
          seat: null,
        },
      ],
      deliveryType: 'dinein',
      customer: { id: s.customer, name: 'Ana', phone: '555-0101' },
      tableId: s.table,
      nameTag: 'Anna',
    };
    expect(saved.body.draft).toEqual(expected);

    // The same user signed in on a second tablet finds it there.
    const tablet = app.client();
    const login = await tablet.post('/auth/signin', { username: waiter.username, password: waiter.password });
    expect(login.status).toBe(200);
    const listed = await tablet.get<Drafts>('/pos/drafts');
    expect(listed.body).toEqual({ drafts: [expected] });

    const gone = await tablet.request('DELETE', `/pos/drafts/${expected.id}`, undefined);
    expect([gone.status, gone.body.message]).toEqual([200, 'Draft deleted!']);
    expect((await waiter.client.get<Drafts>('/pos/drafts')).body).toEqual({ drafts: [] });
    expect((await tablet.request('DELETE', `/pos/drafts/${expected.id}`, undefined)).status).toBe(404);
  });

  it(`keeps at most ${DRAFTS_PER_USER_MAX} drafts per user (409 after), each user their own`, async () => {
    const s = await createStore(app);
    const small = { nameRef: 'W', cart: [{ item_id: s.water, quantity: 1 }], deliveryType: 'takeaway' };
    const busy = await createColleague(app, s.owner, { scopes: ['POS'] });
    await app.database.inTenant(s.owner.tenantId, (tx) =>
      tx.insert(posDrafts).values(
        Array.from({ length: DRAFTS_PER_USER_MAX }, () => ({
          tenantId: s.owner.tenantId,
          userId: busy.userId,
          nameRef: 'W',
          ticket: {
            cart: [
              { uuid: null, item_id: s.water, variant_id: null, addons_ids: [], quantity: 1, notes: null, seat: null },
            ],
            deliveryType: 'takeaway',
            customerId: null,
            tableId: null,
            nameTag: null,
          },
        })),
      ),
    );
    const full = await busy.client.post('/pos/drafts', small);
    expect([full.status, full.body.code]).toEqual([409, 'drafts_full']);
    const waiter = await createColleague(app, s.owner, { scopes: ['POS'] });
    expect((await waiter.client.post('/pos/drafts', small)).status).toBe(200);
    expect(await draftRows(s)).toBe(DRAFTS_PER_USER_MAX + 1);
  });

  it('counts saves sent at the same moment one after the other: never past the limit', async () => {
    const s = await createStore(app);
    const small = { nameRef: 'W', cart: [{ item_id: s.water, quantity: 1 }], deliveryType: 'takeaway' };
    for (let i = 0; i < DRAFTS_PER_USER_MAX - 1; i += 1)
      expect((await s.owner.client.post('/pos/drafts', small)).status).toBe(200);
    const both = await Promise.all([0, 1, 2].map(() => s.owner.client.post('/pos/drafts', small)));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await draftRows(s)).toBe(DRAFTS_PER_USER_MAX);
  });

  it('refuses a draft too large to store with 400, not a 500, and writes nothing', async () => {
    const s = await createStore(app);
    // Within every line rule: the most lines, every one with 40 extras and a note of 4-byte characters.
    const extras = await app.database.inTenant(s.owner.tenantId, (tx) =>
      tx
        .insert(menuItemAddons)
        .values(
          Array.from({ length: 40 }, (_, i) => ({
            tenantId: s.owner.tenantId,
            itemId: s.burger,
            title: `Extra ${i}`,
            priceMinor: 10,
          })),
        )
        .returning({ id: menuItemAddons.id }),
    );
    const line = () => ({
      uuid: uuid(),
      item_id: s.burger,
      variant_id: s.large,
      addons_ids: extras.map((e) => e.id),
      quantity: 1,
      notes: '😀'.repeat(CART_NOTES_MAX / 2),
    });
    const res = await s.owner.client.post('/pos/drafts', {
      ...draftBody(s),
      cart: Array.from({ length: DRAFT_LINES_MAX }, line),
    });
    expect([res.status, res.body.code]).toEqual([400, 'draft_too_large']);
    expect(await draftRows(s)).toBe(0);
  });
});

describe('name tags: a dine-in order without a table (issue 31)', () => {
  it('is off by default; only the owner (SETTINGS) switches it on, audited; the POS reads it', async () => {
    const s = await createStore(app);
    const waiter = await createColleague(app, s.owner, { scopes: ['POS'] });
    expect((await waiter.client.get<TicketSettings>('/settings/ticket-setting')).body).toEqual({
      allowNameTags: false,
    });
    expect((await waiter.client.get<PosInit>('/pos/init')).body.allowNameTags).toBe(false);
    expect((await app.client().get('/settings/ticket-setting')).status).toBe(401);
    expect((await waiter.client.post('/settings/ticket-setting', { allowNameTags: true })).status).toBe(403);
    const bad = await s.owner.client.post('/settings/ticket-setting', { allowNameTags: 'yes' });
    expect([bad.status, bad.body.message]).toEqual([400, 'Invalid request!']);

    const on = await s.owner.client.post('/settings/ticket-setting', { allowNameTags: true });
    expect([on.status, on.body.message]).toEqual([200, 'Ticket settings saved!']);
    expect((await waiter.client.get<PosInit>('/pos/init')).body.allowNameTags).toBe(true);
    expect(await auditActions(app, s.owner.tenantId)).toContain('settings.ticket_update');
    // Another store keeps its own.
    expect((await other.owner.client.get<TicketSettings>('/settings/ticket-setting')).body.allowNameTags).toBe(
      false,
    );
  });

  it('carries the tag to the order and groups it under the tag on Table Orders, not Dine Out', async () => {
    const s = await createStore(app);
    const tagged = await s.owner.client.post<{ orderId: number }>(
      '/pos/create-order',
      orderBody(s, { nameTag: ' Anna by the window ' }),
    );
    expect(tagged.status).toBe(200);
    // SPEC §7's payload as written (no table, no tag) is still taken; a takeaway keeps no tag.
    const plain = await s.owner.client.post('/pos/create-order', {
      cart: [{ item_id: s.water, quantity: 1 }],
      deliveryType: 'dinein',
      customerType: 'WALKIN',
    });
    expect(plain.status).toBe(200);
    const takeaway = await s.owner.client.post<{ orderId: number }>(
      '/pos/create-order',
      orderBody(s, { deliveryType: 'takeaway', nameTag: 'Bob' }),
    );
    expect(takeaway.status).toBe(200);
    const tooLong = await s.owner.client.post('/pos/create-order', orderBody(s, { nameTag: 'x'.repeat(41) }));
    expect([tooLong.status, tooLong.body.message]).toEqual([400, 'A name tag can be at most 40 characters!']);

    const { groups } = (await s.owner.client.get<TableOrders>('/orders')).body;
    const titles = groups.map((g) => [g.key, g.table_title, g.orders.map((o: Order) => o.name_tag ?? null)]);
    expect(titles).toEqual([
      ['tag-anna by the window', 'Anna by the window', ['Anna by the window']],
      ['dine-out', 'Dine Out / Delivery', [null, null]],
    ]);
    const order = groups[0]?.orders[0];
    expect(order?.id).toBe(tagged.body.orderId);
  });
});
