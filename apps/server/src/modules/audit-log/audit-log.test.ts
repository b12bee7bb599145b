import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogPage, OrderInvoiced } from '@comanda/core';
import * as repo from './audit-log.repo.ts';
import { type TestApp, createColleague, startTestApp } from '../../../test/harness.ts';
import { type Store, createStore, payBody, sendOrder } from '../orders/orders.fixtures.ts';

let app: TestApp;
let store: Store;
let other: Store;
beforeAll(async () => {
  app = await startTestApp();
  store = await createStore(app);
  other = await createStore(app);
});
afterAll(() => app.close());

const page = (s: Store, query = '') => s.owner.client.get<AuditLogPage>(`/audit-log${query}`);

/** A store where a waiter voided a Soda and the owner sold and refunded a Water. */
async function busyStore() {
  const s = await createStore(app);
  const waiter = await createColleague(app, s.owner, { scopes: ['ORDERS'], name: 'Ines' });
  const { lineIds } = await sendOrder(app, s);
  expect(
    (
      await waiter.client.post(`/orders/update-status/${lineIds[1]}`, {
        status: 'cancelled',
        reasonId: s.voidReason,
      })
    ).status,
  ).toBe(200);
  const sale = await s.owner.client.post<OrderInvoiced>('/pos/create-order-and-invoice', payBody(s));
  const water = sale.body.order.items.find((i) => i.item_title === 'Water');
  const refund = await s.owner.client.post(`/invoices/${sale.body.invoiceId}/refund`, {
    reasonId: s.voidReason,
    paymentTypeId: s.cash,
    lines: [{ orderItemId: water?.id, quantity: 1 }],
  });
  expect(refund.status).toBe(200);
  return { s, waiter, invoiceId: sale.body.invoiceId };
}

describe('GET /audit-log', () => {
  it('answers 401 signed out, 403 without SETTINGS, and 400 for a bad filter', async () => {
    expect((await app.client().get('/audit-log')).status).toBe(401);
    const waiter = await createColleague(app, store.owner, { scopes: ['ORDERS', 'INVOICES', 'MANAGER'] });
    expect((await waiter.client.get('/audit-log')).status).toBe(403);
    const manager = await createColleague(app, store.owner, { scopes: ['SETTINGS'] });
    expect((await manager.client.get('/audit-log')).status).toBe(200);
    for (const [query, message] of [
      ['?page=0', 'Invalid request!'],
      ['?perPage=500', 'Invalid request!'],
      ['?type=someday', 'Please select a valid date filter!'],
      ['?type=custom&from=2026-02-30', 'Please select a valid date range!'],
      ['?userId=abc', 'User not found!'],
    ] as const) {
      const res = await store.owner.client.get(`/audit-log${query}`);
      expect([res.status, res.body.message], query).toEqual([400, message]);
    }
  });

  it('pages the log newest first, with who did what and readable targets', async () => {
    const { s, waiter, invoiceId } = await busyStore();
    const all = await page(s);
    expect(all.status).toBe(200);
    // Newest first, after the sign-up and the two sign-ins the store began with.
    expect(all.body.entries.map((e) => e.action)).toEqual([
      'invoice.refund',
      'invoice.create',
      'order.create',
      'order_item.void',
      'order.create',
      'auth.signin',
      'auth.signin',
      'tenant.signup',
    ]);
    expect(all.body).toMatchObject({ currentPage: 1, perPage: 25, total: 8 });
    const ownerId = all.body.users.find((u) => u.id !== waiter.userId)?.id;
    expect(all.body.users).toHaveLength(2);
    expect(all.body.entries[0]).toMatchObject({
      action: 'invoice.refund',
      user_id: ownerId,
      target_type: 'invoice',
      target_id: String(invoiceId),
      details: { reason: 'Customer changed mind', totalMinor: 100 },
    });
    expect(all.body.entries[3]).toMatchObject({ user_id: waiter.userId, user: `Ines (${waiter.username})` });
    expect(all.body.actions).toEqual([
      'auth.signin',
      'invoice.create',
      'invoice.refund',
      'order.create',
      'order_item.void',
      'tenant.signup',
    ]);

    const second = await page(s, '?perPage=2&page=2');
    expect(second.body).toMatchObject({ currentPage: 2, perPage: 2, total: 8 });
    expect(second.body.entries.map((e) => e.action)).toEqual(['order.create', 'order_item.void']);
  });

  it('filters by action or action family, user, text and store days', async () => {
    const { s, waiter } = await busyStore();
    const actions = async (query: string) => (await page(s, query)).body.entries.map((e) => e.action);
    expect(await actions('?action=order_item.void')).toEqual(['order_item.void']);
    expect(await actions('?action=invoice')).toEqual(['invoice.refund', 'invoice.create']);
    expect(await actions(`?userId=${waiter.userId}`)).toEqual(['order_item.void', 'auth.signin']);
    expect(await actions('?q=changed%20mind')).toEqual(['invoice.refund', 'order_item.void']);
    expect(await actions('?q=Soda&action=order_item')).toEqual(['order_item.void']);
    // A wildcard is matched literally.
    expect(await actions('?q=%25')).toEqual([]);
    expect(await actions('?type=today')).toHaveLength(8);
    expect(await actions('?type=yesterday')).toEqual([]);
    const filtered = await page(s, '?action=invoice&perPage=1');
    expect(filtered.body.total).toBe(2);
  });

  it("never shows another tenant's entries or users, even with row-level security out of the way", async () => {
    const { waiter } = await busyStore();
    const mine = await page(other);
    expect(mine.body.actions).toEqual(['auth.signin', 'tenant.signup']);
    expect(mine.body.users).toHaveLength(1);
    expect(mine.body.users.map((u) => u.id)).not.toContain(waiter.userId);
    // The repository's own filters keep tenants apart: as the tables' owner, RLS does not apply.
    const unguarded = await app.database.asOwner(async (tx) => ({
      page: await repo.auditPage(tx, other.owner.tenantId, {}, 100, 0),
      actions: await repo.actions(tx, other.owner.tenantId),
      users: await repo.userList(tx, other.owner.tenantId),
    }));
    expect(unguarded.page.rows.map((r) => r.id)).toEqual(mine.body.entries.map((e) => e.id));
    expect(unguarded.actions).toEqual(['auth.signin', 'tenant.signup']);
    expect(unguarded.users).toHaveLength(1);
  });
});
