import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoices, OrderInvoiced, PaymentType, PaymentTypeSetting } from '@comanda/core';
import {
  type TestApp,
  type Tenant,
  auditActions,
  createColleague,
  createTenant,
  startTestApp,
  uniqueUsername,
} from '../../../test/harness.ts';

// The default payment type (issue 30): what pays a bill sent without a payment, as SPEC §7's payloads
// are. The owner marks it; unmarked, it is the first active cash type, else the first active type.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const list = async (t: Tenant) => (await t.client.get<PaymentTypeSetting[]>('/settings/payment-types')).body;
const defaults = async (t: Tenant) => (await list(t)).filter((p) => p.is_default).map((p) => p.title);

/** A new store's Cash (0031) and Card (0039), then Voucher added: answers their ids. */
async function threeTypes(t: Tenant) {
  for (const title of ['Voucher'])
    expect((await t.client.post('/settings/payment-types/add', { title, isActive: true })).status).toBe(200);
  const ids = Object.fromEntries((await list(t)).map((p) => [p.title, p.id]));
  return { card: ids.Card ?? 0, cash: ids.Cash ?? 0, voucher: ids.Voucher ?? 0 };
}

describe('the default payment type', () => {
  it("is a new store's Cash, none without payment types, the only one with one, and Cash before the others unmarked", async () => {
    const t = await createTenant(app);
    const [cash, card] = await list(t);
    // The store's Card (0039) goes first: this story starts from Cash alone.
    expect(card).toMatchObject({ title: 'Card', is_active: true, is_default: false });
    await t.client.request('DELETE', `/settings/payment-types/${card?.id}`);
    expect(cash).toEqual({
      id: expect.any(Number) as unknown,
      title: 'Cash',
      is_active: true,
      is_cash: true,
      is_default: true,
    });
    expect(await t.client.request('DELETE', `/settings/payment-types/${cash?.id}`)).toMatchObject({
      status: 200,
      body: { message: 'Payment type deleted! No payment type is active now.' },
    });
    expect(await list(t)).toEqual([]);
    await t.client.post('/settings/payment-types/add', { title: 'Card', isActive: true });
    expect(await defaults(t)).toEqual(['Card']);
    // Unmarked, the default is a Cash, whatever was added first.
    await t.client.post('/settings/payment-types/add', { title: 'Cash', isActive: true });
    expect(await list(t)).toEqual([
      {
        id: expect.any(Number) as unknown,
        title: 'Card',
        is_active: true,
        is_cash: false,
        is_default: false,
      },
      { id: expect.any(Number) as unknown, title: 'Cash', is_active: true, is_cash: true, is_default: true },
    ]);
  });

  it('is the one the owner marks; marking another moves it', async () => {
    const t = await createTenant(app);
    const ids = await threeTypes(t);
    expect(await t.client.post(`/settings/payment-types/${ids.voucher}/default`)).toMatchObject({
      status: 200,
      body: { message: 'Voucher is now the default payment type!' },
    });
    expect(await defaults(t)).toEqual(['Voucher']);
    expect((await t.client.post(`/settings/payment-types/${ids.card}/default`)).status).toBe(200);
    expect(await defaults(t)).toEqual(['Card']);
    // Marking it again changes nothing.
    expect((await t.client.post(`/settings/payment-types/${ids.card}/default`)).status).toBe(200);
    expect(await defaults(t)).toEqual(['Card']);
    expect(await auditActions(app, t.tenantId)).toContain('payment_type.default');
  });

  it("is marked in the pay screens' payment types, so their dialogs start on it", async () => {
    const t = await createTenant(app);
    const ids = await threeTypes(t);
    const marked = async (path: string) =>
      (await t.client.get<{ paymentTypes: PaymentType[] }>(path)).body.paymentTypes
        .filter((p) => p.is_default)
        .map((p) => p.id);
    for (const path of ['/pos/init', '/orders/init']) expect(await marked(path), path).toEqual([ids.cash]);
    expect((await t.client.post(`/settings/payment-types/${ids.voucher}/default`)).status).toBe(200);
    for (const path of ['/pos/init', '/orders/init']) expect(await marked(path), path).toEqual([ids.voucher]);
  });

  it('refuses to mark a switched-off type (400) and keeps the default as it was', async () => {
    const t = await createTenant(app);
    const ids = await threeTypes(t);
    await t.client.post(`/settings/payment-types/${ids.voucher}/default`);
    await t.client.post(`/settings/payment-types/${ids.card}/toggle`, { isActive: false });
    expect(await t.client.post(`/settings/payment-types/${ids.card}/default`)).toMatchObject({
      status: 400,
      body: { message: 'Switch this payment type on before making it the default!' },
    });
    expect(await defaults(t)).toEqual(['Voucher']);
  });

  it("answers 404 for another store's type or a missing one, 403 without SETTINGS, 401 signed out", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    const ids = await threeTypes(b);
    for (const id of [ids.card, 999_999_999])
      expect(await a.client.post(`/settings/payment-types/${id}/default`)).toMatchObject({
        status: 404,
        body: { message: 'Payment type not found!' },
      });
    const cashier = await createColleague(app, b, { scopes: ['POS'] });
    expect((await cashier.client.post(`/settings/payment-types/${ids.card}/default`)).status).toBe(403);
    expect((await app.client().post(`/settings/payment-types/${ids.card}/default`)).status).toBe(401);
    expect(await defaults(b)).toEqual(['Cash']);
  });

  it('moves to Cash, then the first active type, when the default is switched off or deleted, and says so', async () => {
    const t = await createTenant(app);
    const ids = await threeTypes(t);
    await t.client.post(`/settings/payment-types/${ids.voucher}/default`);

    // Switching the marked default off clears its mark: the default falls back to Cash.
    expect(
      await t.client.post(`/settings/payment-types/${ids.voucher}/toggle`, { isActive: false }),
    ).toMatchObject({ status: 200, body: { message: 'Payment type deactivated! Cash is now the default.' } });
    expect(await defaults(t)).toEqual(['Cash']);
    // Switched back on, it is not the default again until marked.
    await t.client.post(`/settings/payment-types/${ids.voucher}/toggle`, { isActive: true });
    expect(await defaults(t)).toEqual(['Cash']);

    // Through the update call too.
    expect(
      await t.client.post(`/settings/payment-types/${ids.cash}/update`, { title: 'Cash', isActive: false }),
    ).toMatchObject({ status: 200, body: { message: 'Payment type updated! Card is now the default.' } });
    expect(await defaults(t)).toEqual(['Card']);

    // Deleting the default moves it; switching off a type that is not the default says nothing more.
    expect(await t.client.request('DELETE', `/settings/payment-types/${ids.card}`)).toMatchObject({
      status: 200,
      body: { message: 'Payment type deleted! Voucher is now the default.' },
    });
    expect(await defaults(t)).toEqual(['Voucher']);
    expect(
      await t.client.post(`/settings/payment-types/${ids.voucher}/toggle`, { isActive: false }),
    ).toMatchObject({
      status: 200,
      body: { message: 'Payment type deactivated! No payment type is active now.' },
    });
    expect(await defaults(t)).toEqual([]);
    expect(
      await t.client.post(`/settings/payment-types/${ids.cash}/toggle`, { isActive: true }),
    ).toMatchObject({
      status: 200,
      body: { message: 'Payment type activated!' },
    });
    expect(await defaults(t)).toEqual(['Cash']);
  });
});

describe('a new store', () => {
  it('signs up with one active Cash, its default, that pays a SPEC §7 bill sent without a payment', async () => {
    // Through sign-up over HTTP, as a spec client's store starts (migration 0031's trigger).
    const username = uniqueUsername();
    const c = app.client();
    expect(
      (await c.post('/auth/signup', { biz_name: 'New Cafe', username, password: 'long enough pw' })).status,
    ).toBe(200);
    expect((await c.post('/auth/signin', { username, password: 'long enough pw' })).status).toBe(200);
    const types = (await c.get<PaymentTypeSetting[]>('/settings/payment-types')).body;
    expect(types).toEqual([
      { id: expect.any(Number) as unknown, title: 'Cash', is_active: true, is_cash: true, is_default: true },
      {
        id: expect.any(Number) as unknown,
        title: 'Card',
        is_active: true,
        is_cash: false,
        is_default: false,
      },
    ]);

    const item = await c.post<{ id: number }>('/menu-items/add', { title: 'Soup', price: '4.50' });
    expect(item.status).toBe(200);
    // SPEC §7's payload as written: the line names its item by `id`, no uuids, no payment.
    const paid = await c.post<OrderInvoiced>('/pos/create-order-and-invoice', {
      cart: [{ id: item.body.id, title: 'Soup', price: 4.5, quantity: 2 }],
      deliveryType: 'takeaway',
      customerType: 'WALKIN',
      customerId: null,
      tableId: null,
      selectedQrOrderItem: null,
      netTotal: 9,
      taxTotal: 0,
      total: 9,
    });
    expect(paid).toMatchObject({ status: 200, body: { message: 'Order created and paid!', total: 9 } });
    const today = (await c.get<Invoices>('/invoices?type=today')).body.invoices;
    expect(today.map((i) => [i.invoice_id, i.payments])).toEqual([
      [paid.body.invoiceId, [{ payment_type: 'Cash', amount: 9, tendered: null, change: null }]],
    ]);
  });
});
