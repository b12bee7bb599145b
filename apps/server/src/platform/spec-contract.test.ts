import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  SUPERADMIN,
  type TestApp,
  type TestClient,
  connectSocket,
  next,
  startTestApp,
  uniqueUsername,
  waitForResetToken,
} from '../../test/harness.ts';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in.ts';
import { STRIPE_WEBHOOK_PATH } from '../modules/billing/billing.routes.ts';

// SPEC §7 is a published contract: a client written from the spec alone must be served. Every call
// here is sent the way §7 writes it (its field names and types, nothing Comanda adds: no uuid, no
// payment, no reason, no numeric customer id) and its answer is checked for the fields §3 names.
// A new required field on any §7 call, or a §3 field an answer drops, fails this file.

/** The keys §3 gives an entity: each must be present in what the server answers. */
function expectKeys(value: unknown, keys: readonly string[], what: string) {
  expect(value, what).toBeTypeOf('object');
  for (const key of keys) expect(value as Record<string, unknown>, `${what}.${key}`).toHaveProperty(key);
}

/** A call answered 200 with a message, the way every §7 mutation answers. */
async function ok<T = Record<string, unknown>>(
  pending: Promise<{ status: number; body: T }>,
  what: string,
): Promise<T> {
  const res = await pending;
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

const SESSION_USER = ['name', 'role', 'scope', 'designation', 'photo', 'tenant_id'];
const MENU_ITEM = [
  'id',
  'title',
  'price',
  'net_price',
  'image',
  'tax_id',
  'tax_title',
  'tax_rate',
  'tax_type',
  'category_id',
  'category_title',
  'variants',
  'addons',
];
const OPTION = ['id', 'item_id', 'title', 'price'];
const STORE_TABLE = ['id', 'table_title', 'seating_capacity', 'floor', 'encrypted_id'];
const STORE_SETTINGS = [
  'storeName',
  'address',
  'phone',
  'email',
  'currency',
  'image',
  'isQRMenuEnabled',
  'uniqueQRCode',
  'isQROrderEnabled',
];
// §3: the public and receipt flows read the same settings in snake form.
const STORE_SETTINGS_SNAKE = ['store_name', 'is_qr_menu_enabled', 'is_qr_order_enabled'];
const PRINT_SETTINGS = [
  'pageFormat',
  'header',
  'footer',
  'showNotes',
  'isEnablePrint',
  'showStoreDetails',
  'showCustomerDetails',
  'printToken',
];
const PRINT_SETTINGS_SNAKE = [
  'page_format',
  'show_notes',
  'is_enable_print',
  'show_store_details',
  'show_customer_details',
  'print_token',
];
const ORDER = [
  'id',
  'date',
  'delivery_type',
  'customer_type',
  'customer_id',
  'customer_name',
  'table_id',
  'table_title',
  'floor',
  'status',
  'payment_status',
  'token_no',
  'items',
];
const ORDER_ITEM = [
  'id',
  'order_id',
  'item_id',
  'item_title',
  'variant_id',
  'variant_title',
  'variant_price',
  'quantity',
  'status',
  'date',
  'addons',
  'notes',
];
const RESERVATION = [
  'id',
  'customer_id',
  'customer_name',
  'date',
  'table_id',
  'table_title',
  'status',
  'notes',
  'people_count',
  'unique_code',
  'created_at',
  'updated_at',
];
const CUSTOMER = ['phone', 'name', 'email', 'gender', 'birth_date', 'created_at', 'updated_at'];
const INVOICE = [
  'invoice_id',
  'created_at',
  'sub_total',
  'tax_total',
  'total',
  'table_id',
  'table_title',
  'floor',
  'delivery_type',
  'customer_type',
  'customer_id',
  'name',
  'email',
  'orders',
];
const DEVICE = ['device_id', 'device_ip', 'device_name', 'device_location', 'created_at', 'isMyDevice'];
const REPORT = [
  'ordersCount',
  'newCustomers',
  'repeatedCustomers',
  'currency',
  'averageOrderValue',
  'totalCustomers',
  'netRevenue',
  'taxTotal',
  'revenueTotal',
  'topSellingItems',
];
const TENANT = ['id', 'name', 'email', 'is_active', 'subscription_start', 'subscription_end'];

interface MenuItem {
  id: number;
  title: string;
  price: number;
  tax_id: number | null;
  tax_title: string | null;
  tax_rate: number | null;
  tax_type: string | null;
  variants: { id: number; title: string; price: number }[];
  addons: { id: number; title: string; price: number }[];
}

/**
 * A cart line as §3 writes it: the menu item itself (its `id` names it) plus quantity, notes, the
 * price after variant and addons, the chosen variant and addons, and the item's tax fields.
 */
function cartLine(item: MenuItem, opts: { variant?: number; addons?: number[]; quantity?: number } = {}) {
  const variant = item.variants.find((v) => v.id === opts.variant) ?? null;
  const addons = item.addons.filter((a) => opts.addons?.includes(a.id));
  const price = (variant ? variant.price : item.price) + addons.reduce((sum, a) => sum + a.price, 0);
  return {
    ...item,
    quantity: opts.quantity ?? 1,
    notes: '',
    price,
    variant_id: variant?.id ?? null,
    variant,
    addons_ids: addons.map((a) => a.id),
    addons,
    tax_id: item.tax_id,
    tax_title: item.tax_title,
    tax_rate: item.tax_rate,
    tax_type: item.tax_type,
  };
}

/** The totals §9 says a client shows: exclusive tax on top, inclusive taken out, in cents. */
function totals(lines: ReturnType<typeof cartLine>[]) {
  let net = 0;
  let tax = 0;
  for (const l of lines) {
    const amount = Math.round(l.price * 100) * l.quantity;
    const rate = l.tax_rate ?? 0;
    if (l.tax_type === 'exclusive') {
      net += amount;
      tax += Math.round((amount * rate) / 100);
    } else if (l.tax_type === 'inclusive') {
      const t = Math.round(amount - amount / (1 + rate / 100));
      net += amount - t;
      tax += t;
    } else net += amount;
  }
  return { netTotal: net / 100, taxTotal: tax / 100, total: (net + tax) / 100 };
}

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});

describe('SPEC §7 calls with the payloads as the spec writes them', () => {
  const username = uniqueUsername('spec');
  const password = 'spec client password';
  let owner: TestClient;
  let tenantId: number;
  let phone: string;
  let burger: MenuItem;
  let soda: MenuItem;
  let table: { id: number; encrypted_id: string; table_title: string };
  let qrCode: string;

  it('Authentication: signup, signin, devices, refresh, forgot and reset password', async () => {
    const anon = app.client();
    await ok(anon.post('/auth/signup', { biz_name: 'Spec Cafe', username, password }), 'signup');
    // Sign-up signs in too (issue 31); that session ends here so the devices below are the two named.
    await ok(anon.post('/auth/signout'), 'signout after signup');
    owner = app.client();
    const signin = await ok<{ message: string; user: Record<string, unknown> }>(
      owner.post('/auth/signin', { username, password }),
      'signin',
    );
    expect(signin.message).toBeTypeOf('string');
    expectKeys(signin.user, SESSION_USER, 'user');
    tenantId = Number(signin.user.tenant_id);
    expect(signin.user.role).toBe('admin');

    await ok(owner.post('/auth/refresh-token'), 'refresh-token');

    // A second device signs in; the first removes it (SPEC §4: that device is logged out).
    const tablet = app.client('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Safari/604.1');
    await ok(tablet.post('/auth/signin', { username, password }), 'signin (tablet)');
    const devices = await ok<unknown[]>(owner.get('/auth/devices'), 'devices');
    expect(Array.isArray(devices) ? devices : Object.values(devices)[0]).toBeTruthy();
    const list = (Array.isArray(devices) ? devices : (Object.values(devices)[0] as unknown[])) as Record<
      string,
      unknown
    >[];
    for (const d of list) expectKeys(d, DEVICE, 'device');
    const other = list.find((d) => d.isMyDevice === false);
    expect(other).toBeDefined();
    await ok(owner.post('/auth/remove-device', { device_id: other?.device_id }), 'remove-device');
    expect((await tablet.get('/dashboard')).status).toBe(401);

    await ok(anon.post('/auth/forgot-password', { username }), 'forgot-password');
    const token = await waitForResetToken(app, username);
    await ok(anon.post(`/auth/reset-password/${encodeURIComponent(token)}`, { password }), 'reset-password');
    // Resetting signs every device out: sign in again with the (same) new password.
    owner = app.client();
    await ok(owner.post('/auth/signin', { username, password }), 'signin after reset');
    expectKeys(
      await ok(owner.get('/auth/subscription-details'), 'subscription-details'),
      ['is_active', 'subscription_start', 'subscription_end'],
      'subscription',
    );
  });

  it('Settings: store, print, taxes, payment types, tables, categories', async () => {
    const store = await ok<Record<string, unknown>>(owner.get('/settings/store-setting'), 'store-setting');
    expectKeys(store, STORE_SETTINGS, 'store settings');
    await ok(
      owner.post('/settings/store-setting', {
        storeName: 'Spec Cafe',
        address: '1 Main St',
        phone: '555 0100',
        email: 'cafe@example.com',
        currency: 'USD',
        image: null,
        isQRMenuEnabled: true,
        uniqueQRCode: store.uniqueQRCode,
        isQROrderEnabled: true,
      }),
      'store-setting save',
    );
    qrCode = String(store.uniqueQRCode);

    expectKeys(await ok(owner.get('/settings/print-setting'), 'print-setting'), PRINT_SETTINGS, 'print');
    const print = {
      pageFormat: 80,
      header: 'Welcome',
      footer: 'Thank you',
      showNotes: true,
      isEnablePrint: true,
      showStoreDetails: true,
      showCustomerDetails: true,
      printToken: true,
    };
    await ok(owner.post('/settings/print-setting', print), 'print-setting save');
    // A select's value is text: 57 sent as "57" is read as 57.
    await ok(owner.post('/settings/print-setting', { ...print, pageFormat: '57' }), 'print-setting "57"');
    expect((await owner.get('/settings/print-setting')).body).toMatchObject({ pageFormat: 57 });

    await ok(owner.post('/settings/taxes/add', { title: 'VAT', rate: 10, type: 'exclusive' }), 'tax add');
    await ok(owner.post('/settings/taxes/add', { title: 'GST', rate: '5', type: 'inclusive' }), 'tax add 2');
    await ok(owner.post('/settings/taxes/add', { title: 'Old', rate: 1, type: 'exclusive' }), 'tax add 3');
    const taxes = await ok<{ id: number; title: string }[]>(owner.get('/settings/taxes'), 'taxes');
    for (const t of taxes) expectKeys(t, ['id', 'title', 'rate', 'type'], 'tax');
    const taxId = (title: string) => taxes.find((t) => t.title === title)?.id;
    await ok(
      owner.post(`/settings/taxes/${taxId('GST')}/update`, { title: 'GST', rate: 5, type: 'inclusive' }),
      'tax update',
    );
    await ok(owner.request('DELETE', `/settings/taxes/${taxId('Old')}`), 'tax delete');

    await ok(owner.post('/settings/payment-types/add', { title: 'Card', isActive: true }), 'payment add');
    await ok(
      owner.post('/settings/payment-types/add', { title: 'Voucher', isActive: true }),
      'payment add 2',
    );
    const types = await ok<{ id: number; title: string }[]>(owner.get('/settings/payment-types'), 'types');
    for (const p of types) expectKeys(p, ['id', 'title', 'is_active'], 'payment type');
    const typeId = (title: string) => types.find((p) => p.title === title)?.id;
    await ok(owner.post(`/settings/payment-types/${typeId('Card')}/toggle`, { isActive: false }), 'toggle');
    await ok(
      owner.post(`/settings/payment-types/${typeId('Card')}/update`, { title: 'Card', isActive: true }),
      'payment update',
    );
    await ok(owner.request('DELETE', `/settings/payment-types/${typeId('Voucher')}`), 'payment delete');

    await ok(
      owner.post('/settings/store-tables/add', { title: 'T1', floor: 'Ground', seatingCapacity: 4 }),
      'table add',
    );
    await ok(
      owner.post('/settings/store-tables/add', { title: 'T9', floor: '-', seatingCapacity: '0' }),
      'table add 2',
    );
    const tables = await ok<(typeof table)[]>(owner.get('/settings/store-tables'), 'tables');
    for (const t of tables) expectKeys(t, STORE_TABLE, 'table');
    table = tables.find((t) => t.table_title === 'T1')!;
    const t9 = tables.find((t) => t.table_title === 'T9')!;
    await ok(
      owner.post(`/settings/store-tables/${table.id}/update`, {
        title: 'T1',
        floor: 'Patio',
        seatingCapacity: 6,
      }),
      'table update',
    );
    await ok(owner.request('DELETE', `/settings/store-tables/${t9.id}`), 'table delete');

    await ok(owner.post('/settings/categories/add', { title: 'Mains' }), 'category add');
    await ok(owner.post('/settings/categories/add', { title: 'Gone' }), 'category add 2');
    const categories = await ok<{ id: number; title: string }[]>(owner.get('/settings/categories'), 'cats');
    for (const c of categories) expectKeys(c, ['id', 'title'], 'category');
    const mains = categories.find((c) => c.title === 'Mains')!;
    await ok(owner.post(`/settings/categories/${mains.id}/update`, { title: 'Mains' }), 'category update');
    await ok(
      owner.request('DELETE', `/settings/categories/${categories.find((c) => c.title === 'Gone')?.id}`),
      'category delete',
    );
  });

  it('Menu items, variants and addons, photo upload and removal', async () => {
    const [taxes, categories] = await Promise.all([
      owner.get<{ id: number; title: string }[]>('/settings/taxes'),
      owner.get<{ id: number; title: string }[]>('/settings/categories'),
    ]);
    const vat = taxes.body.find((t) => t.title === 'VAT')!.id;
    const gst = taxes.body.find((t) => t.title === 'GST')!.id;
    const mains = categories.body[0]!.id;
    await ok(
      owner.post('/menu-items/add', {
        title: 'Burger',
        price: 10,
        netPrice: 4,
        categoryId: mains,
        taxId: vat,
      }),
      'item add',
    );
    await ok(
      owner.post('/menu-items/add', {
        title: 'Soda',
        price: '3.00',
        netPrice: null,
        categoryId: null,
        taxId: gst,
      }),
      'item add 2',
    );
    await ok(
      owner.post('/menu-items/add', {
        title: 'Gone',
        price: 1,
        netPrice: null,
        categoryId: null,
        taxId: null,
      }),
      'item add 3',
    );
    const items = await ok<MenuItem[]>(owner.get('/menu-items'), 'menu items');
    for (const i of items) expectKeys(i, MENU_ITEM, 'menu item');
    const id = (title: string) => items.find((i) => i.title === title)!.id;
    await ok(
      owner.post(`/menu-items/update/${id('Burger')}`, {
        title: 'Burger',
        price: '10.00',
        netPrice: '4.00',
        categoryId: mains,
        taxId: vat,
      }),
      'item update',
    );
    await ok(owner.request('DELETE', `/menu-items/delete/${id('Gone')}`), 'item delete');

    for (const kind of ['variants', 'addons'] as const) {
      const base = `/menu-items/${kind}/${id('Burger')}`;
      await ok(owner.post(`${base}/add`, { title: `${kind} A`, price: 2 }), `${kind} add`);
      await ok(owner.post(`${base}/add`, { title: `${kind} B`, price: '' }), `${kind} add (empty price)`);
      const detail = await ok<MenuItem>(owner.get(`/menu-items/${id('Burger')}`), 'item detail');
      expectKeys(detail, MENU_ITEM, 'item detail');
      const options = detail[kind];
      for (const o of options) expectKeys(o, OPTION, kind);
      const b = options.find((o) => o.title === `${kind} B`)!;
      await ok(owner.post(`${base}/update/${b.id}`, { title: `${kind} B`, price: 1.5 }), `${kind} update`);
    }
    const detail = await ok<MenuItem>(owner.get(`/menu-items/${id('Burger')}`), 'item detail');
    const spare = detail.variants.find((v) => v.title === 'variants A')!;
    await ok(
      owner.request('DELETE', `/menu-items/variants/${id('Burger')}/delete/${spare.id}`),
      'variant delete',
    );

    // The photo is multipart with the field `image` (SPEC §5); the answer names where it is served.
    const png = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'burger.png');
    const upload = await fetch(`${app.url}/api/v1/menu-items/update/${id('Soda')}/upload-photo`, {
      method: 'POST',
      headers: { cookie: owner.cookieHeader() },
      body: form,
    });
    const uploaded = (await upload.json()) as Record<string, unknown>;
    expect(upload.status, JSON.stringify(uploaded)).toBe(200);
    expectKeys(uploaded, ['message', 'imageURL'], 'upload');
    await ok(owner.post(`/menu-items/update/${id('Soda')}/remove-photo`), 'remove-photo');

    const after = await ok<MenuItem[]>(owner.get('/menu-items'), 'menu items');
    burger = after.find((i) => i.title === 'Burger')!;
    soda = after.find((i) => i.title === 'Soda')!;

    // The one documented exception (docs/currency.md): a currency change that would round prices
    // (1.50 to whole yen) is not made silently; it answers 409 with the consequence and changes nothing.
    const store = (await owner.get<Record<string, unknown>>('/settings/store-setting')).body;
    const toYen = await owner.post('/settings/store-setting', { ...store, currency: 'JPY' });
    expect(toYen.status).toBe(409);
    expect(String(toYen.body.message)).toContain('Save anyway?');
    expect((await owner.get('/settings/store-setting')).body).toMatchObject({ currency: 'USD' });
  });

  it('Customers: add, list, search, update and delete, addressed by phone', async () => {
    phone = '+1 (555) 010-7788';
    const added = await ok<Record<string, unknown>>(
      owner.post('/customers/add', {
        phone,
        name: 'Ana',
        email: 'ana@example.com',
        birthDate: '1990-04-01',
        gender: 'female',
      }),
      'customer add',
    );
    expect(added.message).toBeTypeOf('string');
    await ok(
      owner.post('/customers/add', {
        phone: '5550199',
        name: 'Bo',
        email: null,
        birthDate: null,
        gender: null,
      }),
      'customer add 2',
    );
    const page = await ok<Record<string, unknown>>(
      owner.get('/customers?sort=created_at&page=1&filter=&perPage=10'),
      'customers',
    );
    const rows = Object.values(page).find(Array.isArray) as Record<string, unknown>[];
    expect(rows.map((c) => c.phone)).toEqual(expect.arrayContaining([phone, '5550199']));
    for (const c of rows) expectKeys(c, CUSTOMER, 'customer');
    const found = await ok<Record<string, unknown>[]>(
      owner.get('/customers/search-by-phone-name/search?q=Ana'),
      'customer search',
    );
    expect(found.map((c) => c.phone)).toContain(phone);

    await ok(
      owner.post(`/customers/${encodeURIComponent(phone)}/update`, {
        name: 'Ana Lima',
        email: 'ana@example.com',
        birthDate: '1990-04-01',
        gender: 'female',
      }),
      'customer update by phone',
    );
    // An all-digit phone is a phone too, never read as a row id.
    await ok(
      owner.post('/customers/5550199/update', { name: 'Bo Tan', email: null, birthDate: null, gender: null }),
      'customer update by digit phone',
    );
    await ok(owner.request('DELETE', '/customers/5550199/delete'), 'customer delete by phone');
    const again = await owner.get<Record<string, unknown>[]>('/customers/search-by-phone-name/search?q=Ana');
    expect(again.body.find((c) => c.phone === phone)).toMatchObject({ name: 'Ana Lima' });
    expect((await owner.get<unknown[]>('/customers/search-by-phone-name/search?q=Bo')).body).toHaveLength(0);
  });

  let posOrder: { orderId: number; tokenNo: number };
  let paidOrder: { orderId: number; tokenNo: number };

  it('POS: init, create-order and create-order-and-invoice', async () => {
    const init = await ok<Record<string, Record<string, unknown> & unknown[]>>(
      owner.get('/pos/init'),
      'init',
    );
    expectKeys(
      init,
      ['categories', 'menuItems', 'paymentTypes', 'printSettings', 'storeSettings', 'storeTables'],
      'pos init',
    );
    expectKeys(init.storeSettings, [...STORE_SETTINGS, ...STORE_SETTINGS_SNAKE], 'pos storeSettings');
    expectKeys(init.printSettings, [...PRINT_SETTINGS, ...PRINT_SETTINGS_SNAKE], 'pos printSettings');
    expect(init.printSettings).toMatchObject({ page_format: 57, is_enable_print: true });
    expect(init.storeSettings).toMatchObject({ store_name: 'Spec Cafe', is_qr_menu_enabled: true });

    const cart = [cartLine(burger, { addons: [burger.addons[0]!.id], quantity: 2 }), cartLine(soda)];
    const created = await ok<{ tokenNo: number; orderId: number; message: string }>(
      owner.post('/pos/create-order', {
        cart,
        deliveryType: 'dinein',
        customerType: 'CUSTOMER',
        customerId: phone,
        tableId: table.id,
        selectedQrOrderItem: null,
      }),
      'create-order',
    );
    expectKeys(created, ['tokenNo', 'orderId', 'message'], 'order created');
    posOrder = created;

    const paidCart = [cartLine(soda, { quantity: 3 })];
    const invoiced = await ok<{ tokenNo: number; orderId: number; message: string }>(
      owner.post('/pos/create-order-and-invoice', {
        cart: paidCart,
        deliveryType: 'takeaway',
        customerType: 'WALKIN',
        customerId: null,
        tableId: null,
        selectedQrOrderItem: null,
        ...totals(paidCart),
      }),
      'create-order-and-invoice',
    );
    expectKeys(invoiced, ['tokenNo', 'orderId', 'message'], 'order invoiced');
    paidOrder = invoiced;
  });

  let qrOrderIds: number[] = [];

  it('Public QR menu: the menu, place-order, and the POS list of QR orders', async () => {
    const diner = app.client();
    const menu = await ok<Record<string, unknown>>(
      diner.get(`/qrmenu/${qrCode}?tableId=${table.encrypted_id}`),
      'qrmenu',
    );
    expectKeys(menu, ['storeSettings', 'categories', 'menuItems', 'storeTable'], 'qr menu');
    expectKeys(menu.storeSettings, STORE_SETTINGS_SNAKE, 'qr storeSettings');
    const items = menu.menuItems as MenuItem[];
    const qrBurger = items.find((i) => i.title === 'Burger')!;

    const place = (customer: { name: string; phone: string }, customerType: string) =>
      ok(
        diner.post(`/qrmenu/${qrCode}/place-order`, {
          deliveryType: 'dinein',
          cartItems: [cartLine(qrBurger, { variant: qrBurger.variants[0]?.id })],
          customerType,
          customer,
          tableId: table.encrypted_id,
        }),
        'place-order',
      );
    expectKeys(await place({ name: 'Cy', phone: '555 0142' }, 'CUSTOMER'), ['message'], 'placed');
    await place({ name: 'Guest', phone: '' }, 'WALKIN');
    await place({ name: 'Guest', phone: '' }, 'WALKIN');

    expect(await ok(owner.get('/pos/qrorders/count'), 'qrorders count')).toMatchObject({ totalQROrders: 3 });
    const listed = await ok<Record<string, unknown>>(owner.get('/pos/qrorders'), 'qrorders');
    const qrOrders = (Array.isArray(listed) ? listed : Object.values(listed).find(Array.isArray)) as Record<
      string,
      unknown
    >[];
    expect(qrOrders).toHaveLength(3);
    for (const q of qrOrders) {
      expectKeys(
        q,
        ['id', 'customer_type', 'customer_id', 'customer_name', 'table_id', 'table_title', 'items'],
        'qr order',
      );
      for (const i of q.items as unknown[]) expectKeys(i, ['item_id', 'item_title', 'addons'], 'qr item');
    }
    // §3: a QR order's customer_id is the phone.
    expect(qrOrders.map((q) => q.customer_id)).toContain('555 0142');
    qrOrderIds = qrOrders.map((q) => Number(q.id));

    // The POS loads one into the cart and sends it; cancels one; then cancels all that are left.
    const [first, second] = qrOrderIds as [number, number];
    const accepted = qrOrders.find((q) => q.id === first)!;
    await ok(
      owner.post('/pos/create-order', {
        cart: [cartLine(burger)],
        deliveryType: 'dinein',
        customerType: 'WALKIN',
        customerId: null,
        tableId: accepted.table_id,
        selectedQrOrderItem: first,
      }),
      'create-order from a QR order',
    );
    await ok(owner.post(`/pos/qrorders/update-status/${second}`, { status: 'cancelled' }), 'qr cancel');
    await ok(owner.post('/pos/qrorders/cancel-all'), 'qr cancel-all');
    expect(await ok(owner.get('/pos/qrorders/count'), 'qrorders count')).toMatchObject({ totalQROrders: 0 });
  });

  it('Orders and kitchen: the table groups, item status, cancel, pay and complete', async () => {
    const init = await ok<Record<string, Record<string, unknown>>>(owner.get('/orders/init'), 'orders init');
    expectKeys(init, ['printSettings', 'storeSettings', 'paymentTypes'], 'orders init');
    expectKeys(init.storeSettings, STORE_SETTINGS_SNAKE, 'orders storeSettings');
    expectKeys(init.printSettings, PRINT_SETTINGS_SNAKE, 'orders printSettings');

    const listed = await ok<Record<string, unknown>>(owner.get('/orders'), 'orders');
    const groups = (Array.isArray(listed) ? listed : Object.values(listed).find(Array.isArray)) as {
      orders: Record<string, unknown>[];
      order_ids: number[];
    }[];
    const group = groups.find((g) => g.order_ids.includes(posOrder.orderId))!;
    expectKeys(group, ['orders', 'order_ids'], 'table group');
    const order = group.orders.find((o) => o.id === posOrder.orderId)!;
    expectKeys(order, ORDER, 'order');
    const items = order.items as Record<string, unknown>[];
    for (const i of items) expectKeys(i, ORDER_ITEM, 'order item');
    const [burgerLine, sodaLine] = items as [{ id: number }, { id: number }];

    // The kitchen's ticket is §3's Order less what a wall screen must not show (issue 29 item 8,
    // docs/spec-contract.md): the customer's id, the payment status and the variant's price.
    const kitchen = await ok<{ orders: Record<string, unknown>[] }>(owner.get('/kitchen'), 'kitchen');
    const ticket = kitchen.orders.find((o) => o.id === posOrder.orderId)!;
    const KITCHEN_HIDES = ['customer_id', 'payment_status', 'variant_price'];
    expectKeys(
      ticket,
      ORDER.filter((k) => !KITCHEN_HIDES.includes(k)),
      'kitchen order',
    );
    for (const line of ticket.items as unknown[])
      expectKeys(
        line,
        ORDER_ITEM.filter((k) => !KITCHEN_HIDES.includes(k)),
        'kitchen line',
      );
    expect((ticket.items as { id: number }[]).map((l) => l.id)).toContain(burgerLine.id);
    await ok(owner.post(`/kitchen/${burgerLine.id}`, { status: 'preparing' }), 'kitchen start making');
    await ok(owner.post(`/kitchen/${burgerLine.id}`, { status: 'completed' }), 'kitchen complete');
    await ok(owner.post(`/orders/update-status/${burgerLine.id}`, { status: 'delivered' }), 'item delivered');
    // SPEC §4: table orders set any item to cancelled directly.
    await ok(owner.post(`/orders/update-status/${sodaLine.id}`, { status: 'cancelled' }), 'item cancelled');

    const summary = await ok<Record<string, number>>(
      owner.post('/orders/complete-order-payment-summary', { orderIds: [posOrder.orderId] }),
      'payment summary',
    );
    expectKeys(summary, ['subtotal', 'taxTotal', 'total', 'orders'], 'summary');
    await ok(
      owner.post('/orders/complete-and-pay-order', {
        orderIds: [posOrder.orderId],
        subTotal: summary.subtotal,
        taxTotal: summary.taxTotal,
        total: summary.total,
      }),
      'complete-and-pay-order',
    );

    // A fresh order cancelled whole, without a reason (SPEC §7: {orderIds}).
    const sodaAtTable = () =>
      ok<{ orderId: number }>(
        owner.post('/pos/create-order', {
          cart: [cartLine(soda)],
          deliveryType: 'dinein',
          customerType: 'WALKIN',
          customerId: null,
          tableId: table.id,
          selectedQrOrderItem: null,
        }),
        'create-order',
      );
    const another = await sodaAtTable();
    await ok(owner.post('/orders/cancel', { orderIds: [another.orderId] }), 'orders cancel');
    // Complete closes a group whose lines were all cancelled (an unpaid one must be paid or cancelled).
    const voided = await sodaAtTable();
    const groupsNow = await ok<{ groups: { orders: { id: number; items: { id: number }[] }[] }[] }>(
      owner.get('/orders'),
      'orders',
    );
    const voidedLine = groupsNow.groups.flatMap((g) => g.orders).find((o) => o.id === voided.orderId)!
      .items[0]!;
    await ok(owner.post(`/orders/update-status/${voidedLine.id}`, { status: 'cancelled' }), 'item cancelled');
    await ok(owner.post('/orders/complete', { orderIds: [voided.orderId] }), 'orders complete');
    const after = await ok<{ groups: { order_ids: number[] }[] }>(owner.get('/orders'), 'orders');
    const open = after.groups.flatMap((g) => g.order_ids);
    for (const id of [posOrder.orderId, another.orderId, voided.orderId]) expect(open).not.toContain(id);
  });

  it('Invoices, reports and the dashboard, with the date filters as clients send them', async () => {
    for (const query of ['type=today&from=&to=', 'type=today&from=null&to=null', 'type=today']) {
      const invoices = await ok<Record<string, unknown>>(
        owner.get(`/invoices?${query}`),
        `invoices ${query}`,
      );
      const rows = (
        Array.isArray(invoices) ? invoices : Object.values(invoices).find(Array.isArray)
      ) as Record<string, unknown>[];
      expect(rows.length).toBeGreaterThanOrEqual(2);
      for (const r of rows) expectKeys(r, INVOICE, 'invoice');
      expectKeys(await ok(owner.get(`/reports?${query}`), `reports ${query}`), REPORT, 'report');
    }
    expectKeys(
      await ok(owner.get('/invoices/init'), 'invoices init'),
      ['printSettings', 'storeSettings'],
      'init',
    );
    const init = await ok<Record<string, Record<string, unknown>>>(
      owner.get('/invoices/init'),
      'invoices init',
    );
    expectKeys(init.printSettings, PRINT_SETTINGS_SNAKE, 'invoices printSettings');
    expectKeys(init.storeSettings, STORE_SETTINGS_SNAKE, 'invoices storeSettings');
    await ok(owner.get(`/invoices/search?q=${paidOrder.tokenNo}`), 'invoice search');
    const orders = await ok<Record<string, unknown>>(
      owner.post('/invoices/orders', { orderIds: [paidOrder.orderId] }),
      'invoice orders',
    );
    expect(JSON.stringify(orders)).toContain(`"id":${paidOrder.orderId}`);
    expectKeys(
      await ok(owner.get('/dashboard'), 'dashboard'),
      [
        'reservations',
        'topSellingItems',
        'ordersCount',
        'newCustomerCount',
        'repeatedCustomerCount',
        'currency',
      ],
      'dashboard',
    );
  });

  it('Reservations: booked by the customer phone at an ISO 8601 instant, listed, updated, deleted', async () => {
    expectKeys(await ok(owner.get('/reservations/init'), 'reservations init'), ['storeTables'], 'init');
    const at = new Date(Date.now() + 3 * 3600_000);
    at.setUTCMinutes(0, 0, 0);
    const saved = await ok<Record<string, unknown>>(
      owner.post('/reservations/add', {
        customerId: phone,
        date: at.toISOString(),
        tableId: table.id,
        status: 'booked',
        notes: 'window',
        peopleCount: 2,
      }),
      'reservation add',
    );
    expect(saved.message).toBeTypeOf('string');
    const list = async (query: string) => {
      const res = await ok<Record<string, unknown>>(
        owner.get(`/reservations?${query}`),
        `reservations ${query}`,
      );
      return (Array.isArray(res) ? res : Object.values(res).find(Array.isArray)) as Record<string, unknown>[];
    };
    const range = `type=custom&from=${at.toISOString().slice(0, 10)}&to=${at.toISOString().slice(0, 10)}`;
    const [booked] = await list(range);
    expectKeys(booked, RESERVATION, 'reservation');
    expect(Date.parse(String(booked?.date))).toBe(at.getTime());
    expect(booked).toMatchObject({ customer_name: 'Ana Lima' });
    await list('type=today&from=&to=');
    await list('type=this_month&from=null&to=null');
    await ok(owner.get('/reservations/search?q=Ana'), 'reservation search');
    const later = new Date(at.getTime() + 3600_000);
    await ok(
      owner.post(`/reservations/update/${Number(booked!.id)}`, {
        date: later.toISOString(),
        tableId: table.id,
        status: 'paid',
        notes: 'window',
        peopleCount: 3,
      }),
      'reservation update',
    );
    const [updated] = await list(
      range.replaceAll(at.toISOString().slice(0, 10), later.toISOString().slice(0, 10)),
    );
    expect(updated).toMatchObject({ status: 'paid', people_count: 3 });
    expect(Date.parse(String(updated?.date))).toBe(later.getTime());
    await ok(owner.request('DELETE', `/reservations/delete/${Number(booked!.id)}`), 'reservation delete');
  });

  it('Users: add, list, update, reset password, delete', async () => {
    const staff = uniqueUsername('cook');
    await ok(
      owner.post('/users/add', {
        username: staff,
        password: 'cook password',
        name: 'Cook',
        designation: 'Chef',
        phone: '555 0177',
        email: staff,
        userScopes: ['KITCHEN', 'KITCHEN_DISPLAY'],
      }),
      'user add',
    );
    const users = await ok<Record<string, unknown>>(owner.get('/users'), 'users');
    const rows = (Array.isArray(users) ? users : Object.values(users).find(Array.isArray)) as Record<
      string,
      unknown
    >[];
    const cook = rows.find((u) => u.username === staff)!;
    expectKeys(cook, ['username', 'name', 'role', 'photo', 'designation', 'phone', 'email', 'scope'], 'user');
    expect(cook.scope).toBe('KITCHEN,KITCHEN_DISPLAY');
    const path = encodeURIComponent(staff);
    await ok(
      owner.post(`/users/update/${path}`, {
        name: 'Head Cook',
        designation: 'Chef',
        phone: null,
        email: staff,
        userScopes: ['KITCHEN'],
      }),
      'user update',
    );
    await ok(owner.post(`/users/update-password/${path}`, { password: 'another cook password' }), 'user pw');
    const cookClient = app.client();
    await ok(
      cookClient.post('/auth/signin', { username: staff, password: 'another cook password' }),
      'cook in',
    );
    await ok(owner.request('DELETE', `/users/delete/${path}`), 'user delete');
    await ok(owner.post('/auth/signout'), 'signout');
    expect((await owner.get('/dashboard')).status).toBe(401);
  });

  it('Super administrator: dashboard, tenants, reports, history, add, update, delete', async () => {
    const root = app.client();
    const signin = await ok<Record<string, unknown>>(
      root.post('/superadmin/signin', { username: SUPERADMIN.username, password: SUPERADMIN.password }),
      'superadmin signin',
    );
    expectKeys(signin, ['message', 'user'], 'superadmin signin');
    await ok(root.post('/superadmin/refresh-token'), 'superadmin refresh');
    expectKeys(
      await ok(root.get('/superadmin/dashboard'), 'super dashboard'),
      ['activeTenants', 'ordersProcessedToday', 'salesVolumeToday', 'mrr', 'arr'],
      'super dashboard',
    );
    expectKeys(
      await ok(root.get('/superadmin/tenantsData'), 'tenant counts'),
      ['activeTenants', 'inactiveTenants', 'allTenants'],
      'counts',
    );
    await ok(root.get('/superadmin/tenantsData/active'), 'tenant export');
    for (const query of [
      'page=1&perPage=5&search=&status=&type=today&from=&to=',
      'page=1&perPage=5&search=Spec&status=active&type=this_month&from=null&to=null',
    ]) {
      const page = await ok<Record<string, unknown>>(
        root.get(`/superadmin/tenants?${query}`),
        `tenants ${query}`,
      );
      expectKeys(page, ['tenants', 'currentPage', 'perPage'], 'tenant page');
    }
    const page = await ok<{ tenants: Record<string, unknown>[] }>(
      root.get(`/superadmin/tenants?page=1&perPage=5&search=${encodeURIComponent(username)}&status=`),
      'tenants',
    );
    const mine = page.tenants.find((t) => Number(t.id) === tenantId)!;
    expectKeys(mine, TENANT, 'tenant');
    for (const query of ['type=today&from=&to=', 'type=last_7days&from=null&to=null'])
      expectKeys(
        await ok(root.get(`/superadmin/reports?${query}`), `super reports ${query}`),
        [
          'activeTenants',
          'mrr',
          'arr',
          'totalCustomers',
          'topSellingItems',
          'salesVolume',
          'ordersProcessed',
        ],
        'super reports',
      );
    expectKeys(
      await ok(root.get(`/superadmin/tenants/${tenantId}/subscription-history`), 'history'),
      ['tenantInfo', 'storeDetails', 'totalUsers', 'subscriptionHistory'],
      'history',
    );
    const email = uniqueUsername('tenant');
    await ok(
      root.post('/superadmin/tenants/add', {
        name: 'Added Bar',
        email,
        password: 'tenant password',
        isActive: true,
      }),
      'tenant add',
    );
    const added = await ok<{ tenants: Record<string, unknown>[] }>(
      root.get(`/superadmin/tenants?page=1&perPage=5&search=${encodeURIComponent(email)}&status=`),
      'tenants',
    );
    const bar = added.tenants[0]!;
    await ok(
      root.request('PATCH', `/superadmin/tenants/update/${Number(bar.id)}`, {
        name: 'Added Bar',
        email,
        isActive: false,
      }),
      'tenant update',
    );
    await ok(root.request('DELETE', `/superadmin/tenants/delete/${Number(bar.id)}`), 'tenant delete');
    await ok(root.post('/superadmin/signout'), 'superadmin signout');
  });
});

describe('SPEC §4 realtime, as a client written from the spec uses it', () => {
  it('announces itself with authenticate and hears new_order, order_update and new_qrorder', async () => {
    const a = app.client();
    const username = uniqueUsername('rt');
    await ok(a.post('/auth/signup', { biz_name: 'RT Cafe', username, password: 'rt password 1' }), 'signup');
    const me = await ok<{ user: { tenant_id: number } }>(
      a.post('/auth/signin', { username, password: 'rt password 1' }),
      'signin',
    );
    const { socket, authenticated } = await connectSocket(app, a);
    expect(authenticated).toBe(true);
    socket.emit('authenticate', me.user.tenant_id);
    await ok(
      a.post('/menu-items/add', { title: 'Tea', price: 2, netPrice: null, categoryId: null, taxId: null }),
      'item',
    );
    const [tea] = (await a.get<MenuItem[]>('/menu-items')).body;
    const store = await a.get<{ uniqueQRCode: string }>('/settings/store-setting');

    const heardOrder = next(socket, 'new_order');
    const created = await ok<{ orderId: number; tokenNo: number }>(
      a.post('/pos/create-order', {
        cart: [cartLine(tea!)],
        deliveryType: 'takeaway',
        customerType: 'WALKIN',
        customerId: null,
        tableId: null,
        selectedQrOrderItem: null,
      }),
      'create-order',
    );
    await heardOrder;
    socket.emit('new_order_backend', {
      tokenNo: created.tokenNo,
      orderId: created.orderId,
      tenant_id: me.user.tenant_id,
    });

    const heardUpdate = next(socket, 'order_update');
    await ok(a.post('/orders/cancel', { orderIds: [created.orderId] }), 'cancel');
    await heardUpdate;
    socket.emit('order_update_backend', { tenant_id: me.user.tenant_id });

    await ok(
      a.post('/settings/store-setting', {
        storeName: 'RT Cafe',
        address: '',
        phone: '',
        email: '',
        currency: 'USD',
        image: null,
        isQRMenuEnabled: true,
        uniqueQRCode: store.body.uniqueQRCode,
        isQROrderEnabled: true,
      }),
      'store',
    );
    const heardQr = next(socket, 'new_qrorder');
    const diner = app.client();
    await ok(
      diner.post(`/qrmenu/${store.body.uniqueQRCode}/place-order`, {
        deliveryType: 'takeaway',
        cartItems: [cartLine(tea!)],
        customerType: 'WALKIN',
        customer: { name: 'Guest', phone: '' },
        tableId: null,
      }),
      'place-order',
    );
    await heardQr;
    const { socket: dinerSocket } = await connectSocket(app);
    dinerSocket.emit('new_qrorder_backend', store.body.uniqueQRCode);
    expect(socket.connected).toBe(true);
  });
});

describe('SPEC §7 subscription calls, with the payment provider on', () => {
  const WEBHOOK_SECRET = 'whsec_spec_contract';
  const PRICE_ID = 'price_spec_contract';
  let stand: StripeStandIn;
  let billed: TestApp;
  beforeAll(async () => {
    stand = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET, priceId: PRICE_ID });
    billed = await startTestApp({
      BILLING: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_spec',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_ID: PRICE_ID,
      STRIPE_API_URL: stand.url,
    });
    stand.setWebhookUrl(`${billed.url}/api/v1${STRIPE_WEBHOOK_PATH}`);
  });
  afterAll(async () => {
    await billed.close();
    await stand.close();
  });

  it('looks the plan up, checks out, shows the subscription and cancels it by its id', async () => {
    const admin = billed.client();
    const username = uniqueUsername('billed');
    await ok(
      admin.post('/auth/signup', { biz_name: 'Billed', username, password: 'billed password' }),
      'signup',
    );
    await ok(admin.post('/auth/signin', { username, password: 'billed password' }), 'signin');
    await ok(admin.post('/auth/stripe-product-lookup', { id: PRICE_ID }), 'product lookup');
    const checkout = await ok<{ url: string }>(admin.post('/auth/create-checkout-session'), 'checkout');
    const session = /\/pay\/([^/]+)$/.exec(checkout.url)?.[1];
    expect(session).toBeTruthy();
    expect(await stand.deliver(stand.events.checkoutCompleted(session!))).toBe(200);
    const details = await ok<Record<string, unknown>>(admin.get('/auth/subscription-details'), 'details');
    expectKeys(details, ['subscription_id', 'is_active', 'subscription_start', 'subscription_end'], 'sub');
    expect(details.is_active).toBe(true);
    await ok(admin.post('/auth/cancel-subscription', { id: details.subscription_id }), 'cancel');
    expect((await admin.get('/dashboard')).status).toBe(402);
  });
});
