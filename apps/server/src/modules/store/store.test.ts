import QRCode from 'qrcode';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintSettings, StoreSettings, StoreTable } from '@comanda/core';
import {
  type TestApp,
  type Tenant,
  auditActions,
  createColleague,
  createTenant,
  download,
  startTestApp,
} from '../../../test/harness.ts';
import { printSettings, storeSettings as storeSettingsTable } from '../../platform/db/schema.ts';
import { insertMenuItem, readMenuItem } from '../menu/menu.fixtures.ts';
import { TABLE_LABEL_HEIGHT, tableLabelSvg } from './table-qr-image.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL: 'https://pos.example.com' });
});
afterAll(() => app.close());

const store = (extra: Record<string, unknown> = {}) => ({
  storeName: 'Cafe Lisboa',
  address: 'Rua Augusta 1',
  phone: '+351 21 000 0000',
  email: 'ola@cafe.test',
  currency: 'USD',
  timezone: 'Europe/Lisbon',
  isQRMenuEnabled: true,
  isQROrderEnabled: false,
  ...extra,
});

const print = (extra: Record<string, unknown> = {}) => ({
  pageFormat: 57,
  header: 'Welcome!',
  footer: 'Thank you',
  showNotes: false,
  isEnablePrint: true,
  showStoreDetails: false,
  showCustomerDetails: true,
  printToken: false,
  ...extra,
});

/** SPEC §3: the store settings the public and receipt flows read in snake form, from the camelCase. */
const storeSnake = (s: { storeName: string; isQRMenuEnabled: boolean; isQROrderEnabled: boolean }) => ({
  store_name: s.storeName,
  is_qr_menu_enabled: s.isQRMenuEnabled,
  is_qr_order_enabled: s.isQROrderEnabled,
});

/** SPEC §3: the print settings in snake form, from the camelCase. */
const printSnake = (p: ReturnType<typeof print>) => ({
  page_format: p.pageFormat,
  show_notes: p.showNotes,
  is_enable_print: p.isEnablePrint,
  show_store_details: p.showStoreDetails,
  show_customer_details: p.showCustomerDetails,
  print_token: p.printToken,
});

/** What the SPEC §3 payload above leaves out keeps its default: no token slip for a table (issue 31). */
const dineInDefault = { printTokenDineIn: false, print_token_dine_in: false };

async function storeSettings(t: Tenant) {
  return (await t.client.get<StoreSettings>('/settings/store-setting')).body;
}

/** The pixel width a PNG declares in its IHDR chunk (bytes 16-19, big-endian). */
function pngWidth(bytes: Buffer): number {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return bytes.readUInt32BE(16);
}

describe('/settings/store-setting and /settings/print-setting', () => {
  it('answers 401 without a session', async () => {
    const c = app.client();
    expect((await c.get('/settings/store-setting')).status).toBe(401);
    expect((await c.post('/settings/store-setting', store())).status).toBe(401);
    expect((await download(c, '/api/v1/settings/store-setting/qr')).status).toBe(401);
    expect((await c.get('/settings/print-setting')).status).toBe(401);
    expect((await c.post('/settings/print-setting', print())).status).toBe(401);
  });

  it.each([
    ['no currency', store({ currency: undefined }), 'Please select a currency!'],
    ['an empty currency', store({ currency: '' }), 'Please select a currency!'],
    ['a currency that is not a code', store({ currency: 'DOLLARS' }), 'Please select a currency!'],
    ['an unknown time zone', store({ timezone: 'Mars/Olympus' }), 'Please select a time zone!'],
    ['an unknown currency code', store({ currency: 'ABC' }), 'Please select a currency!'],
    ['a numeric currency', store({ currency: 840 }), 'Please select a currency!'],
    ['a 10,000-character store name', store({ storeName: 'x'.repeat(10_000) }), 'Value is too long!'],
    ['a string for a switch', store({ isQRMenuEnabled: 'yes' }), 'Invalid request!'],
    ['an array for a text', store({ storeName: ['Cafe'] }), 'Invalid request!'],
  ])('store settings answer 400 for %s and change nothing', async (_label, body, message) => {
    const t = await createTenant(app);
    const before = await storeSettings(t);
    expect(await t.client.post('/settings/store-setting', body)).toMatchObject({
      status: 400,
      body: { message },
    });
    expect(await storeSettings(t)).toEqual(before);
  });

  it.each([
    ['a page format other than 80 or 57', print({ pageFormat: 90 }), 'Page format is 80 or 57 mm!'],
    ['a page format as text other than 80 or 57', print({ pageFormat: '90' }), 'Page format is 80 or 57 mm!'],
    ['a page format as words', print({ pageFormat: '80mm' }), 'Page format is 80 or 57 mm!'],
    ['a 10,000-character header', print({ header: 'x'.repeat(10_000) }), 'Value is too long!'],
    ['a string for a switch', print({ showNotes: 'no' }), 'Invalid request!'],
  ])('print settings answer 400 for %s', async (_label, body, message) => {
    const t = await createTenant(app);
    expect(await t.client.post('/settings/print-setting', body)).toMatchObject({
      status: 400,
      body: { message },
    });
  });

  it('answers 400 to malformed JSON', async () => {
    const t = await createTenant(app);
    const headers = { 'content-type': 'application/json' };
    for (const path of ['/settings/store-setting', '/settings/print-setting']) {
      expect(await t.client.post(path, '{"currency": "USD"', headers)).toMatchObject({
        status: 400,
        body: { message: 'Malformed JSON body!' },
      });
    }
  });

  it('answers 403 to staff without SETTINGS, and lets staff with SETTINGS in', async () => {
    const t = await createTenant(app);
    const pos = await createColleague(app, t, { scopes: ['POS'] });
    expect((await pos.client.get('/settings/store-setting')).status).toBe(403);
    expect((await pos.client.post('/settings/store-setting', store())).status).toBe(403);
    expect((await download(pos.client, '/api/v1/settings/store-setting/qr')).status).toBe(403);
    expect((await pos.client.get('/settings/print-setting')).status).toBe(403);
    expect((await pos.client.post('/settings/print-setting', print())).status).toBe(403);
    expect((await storeSettings(t)).storeName).toBe('Cafe Test');

    const manager = await createColleague(app, t, { scopes: ['SETTINGS'] });
    expect((await manager.client.post('/settings/store-setting', store())).status).toBe(200);
    expect((await manager.client.get('/settings/print-setting')).status).toBe(200);
  });

  it('keeps each tenant to its own settings', async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    await a.client.post('/settings/store-setting', store({ storeName: 'A only', currency: 'EUR' }));
    await a.client.post('/settings/print-setting', print({ header: 'A only' }));
    const bStore = await storeSettings(b);
    expect(bStore).toMatchObject({ storeName: 'Cafe Test', currency: 'USD' });
    expect(bStore.uniqueQRCode).not.toBe((await storeSettings(a)).uniqueQRCode);
    expect((await b.client.get<PrintSettings>('/settings/print-setting')).body.header).toBe('');
  });

  it('starts with the defaults made at sign-up: a stable menu code, named as the business', async () => {
    const t = await createTenant(app, { bizName: 'Tasca do Zé' });
    const first = await storeSettings(t);
    expect(first).toEqual({
      storeName: 'Tasca do Zé',
      address: '',
      phone: '',
      email: '',
      currency: 'USD',
      image: null,
      isQRMenuEnabled: false,
      isQROrderEnabled: false,
      timezone: 'UTC',
      uniqueQRCode: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/) as unknown,
      qrOrdersToKitchen: false,
      store_name: 'Tasca do Zé',
      is_qr_menu_enabled: false,
      is_qr_order_enabled: false,
    });
    expect((await storeSettings(t)).uniqueQRCode).toBe(first.uniqueQRCode);
    expect((await t.client.get('/settings/print-setting')).body).toEqual({
      pageFormat: 80,
      header: '',
      footer: '',
      showNotes: true,
      isEnablePrint: true,
      showStoreDetails: true,
      showCustomerDetails: true,
      printToken: true,
      page_format: 80,
      show_notes: true,
      is_enable_print: true,
      show_store_details: true,
      show_customer_details: true,
      print_token: true,
      ...dineInDefault,
    });
  });

  it('reads without writing: a tenant missing its rows answers 500 and gets none made', async () => {
    const t = await createTenant(app);
    await app.database.asOwner(async (tx) => {
      await tx.delete(storeSettingsTable).where(eq(storeSettingsTable.tenantId, t.tenantId));
      await tx.delete(printSettings).where(eq(printSettings.tenantId, t.tenantId));
    });
    for (const path of ['/settings/store-setting', '/settings/print-setting']) {
      expect(await t.client.get(path)).toMatchObject({ status: 500, body: { code: 'internal' } });
    }
    expect((await t.client.post('/settings/print-setting', print())).status).toBe(500);
    const left = await app.database.asOwner(async (tx) => [
      ...(await tx.select().from(storeSettingsTable).where(eq(storeSettingsTable.tenantId, t.tenantId))),
      ...(await tx.select().from(printSettings).where(eq(printSettings.tenantId, t.tenantId))),
    ]);
    expect(left).toEqual([]);
  });

  it('saves the store details and keeps the menu code', async () => {
    const t = await createTenant(app);
    const { uniqueQRCode } = await storeSettings(t);
    expect(await t.client.post('/settings/store-setting', store({ currency: 'eur' }))).toMatchObject({
      status: 200,
      body: { message: 'Store settings saved!' },
    });
    expect(await storeSettings(t)).toEqual({
      ...store({ currency: 'EUR' }),
      ...storeSnake(store()),
      image: null,
      uniqueQRCode,
      qrOrdersToKitchen: false,
    });
    expect(await auditActions(app, t.tenantId)).toContain('settings.store_update');
  });

  it('saves the print settings', async () => {
    const t = await createTenant(app);
    expect(await t.client.post('/settings/print-setting', print())).toMatchObject({
      status: 200,
      body: { message: 'Print settings saved!' },
    });
    expect((await t.client.get('/settings/print-setting')).body).toEqual({
      ...print(),
      ...printSnake(print()),
      ...dineInDefault,
    });
    expect(await auditActions(app, t.tenantId)).toContain('settings.print_update');
  });

  it.each([
    ['57', 57],
    ['80', 80],
  ] as const)('reads a page format sent as the string "%s"', async (sent, width) => {
    const t = await createTenant(app);
    expect((await t.client.post('/settings/print-setting', print({ pageFormat: sent }))).status).toBe(200);
    expect((await t.client.get<PrintSettings>('/settings/print-setting')).body).toMatchObject({
      pageFormat: width,
      page_format: width,
    });
  });

  it('answers the store and print settings in both forms on every screen that prints (SPEC §3)', async () => {
    const t = await createTenant(app);
    await t.client.post('/settings/store-setting', store());
    await t.client.post('/settings/print-setting', print());
    const both = {
      storeSettings: storeSnake(store()),
      printSettings: { ...print(), ...printSnake(print()), ...dineInDefault },
    };
    for (const path of ['/pos/init', '/orders/init', '/invoices/init']) {
      const res = await t.client.get<{ storeSettings: StoreSettings; printSettings: PrintSettings }>(path);
      expect(res.status, path).toBe(200);
      expect(res.body.storeSettings, path).toMatchObject({ ...store(), ...both.storeSettings });
      expect(res.body.printSettings, path).toEqual(both.printSettings);
    }
    // The public menu's store block is in snake form only (SPEC §3: the public flow reads it so).
    const { uniqueQRCode } = await storeSettings(t);
    const menu = await app
      .client()
      .get<{ storeSettings: Record<string, unknown> }>(`/qrmenu/${uniqueQRCode}`);
    expect(menu.status).toBe(200);
    expect(menu.body.storeSettings).toMatchObject(storeSnake(store()));
  });

  it('refuses the store QR code while the QR menu is off', async () => {
    const t = await createTenant(app);
    await t.client.post('/settings/store-setting', store({ isQRMenuEnabled: false }));
    const res = await download(t.client, '/api/v1/settings/store-setting/qr');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.bytes.toString('utf8'))).toEqual({
      code: 'qr_menu_disabled',
      message: 'Please enable QR menu from store settings!',
    });
  });

  it('downloads the store QR code: a 1080 px PNG of the public menu link', async () => {
    const t = await createTenant(app);
    await t.client.post('/settings/store-setting', store());
    const { uniqueQRCode } = await storeSettings(t);
    const res = await download(t.client, '/api/v1/settings/store-setting/qr');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="qr.png"');
    expect(pngWidth(res.bytes)).toBe(1080);
    // The same link drawn the same way gives the same image: the code carries exactly this link.
    const expected = await QRCode.toBuffer(`https://pos.example.com/m/${uniqueQRCode}`, {
      width: 1080,
      margin: 2,
    });
    expect(res.bytes.equals(expected)).toBe(true);
  });

  it('rescales every menu price when the currency changes its minor digits', async () => {
    const t = await createTenant(app);
    const other = await createTenant(app);
    const id = await insertMenuItem(app, t.tenantId, {
      priceMinor: 350,
      netPriceMinor: 300,
      variantMinor: 125,
      addonMinor: 50,
    });
    const plain = await insertMenuItem(app, t.tenantId, { priceMinor: 1999 });
    const otherId = await insertMenuItem(app, other.tenantId, { priceMinor: 350 });

    // USD (2 digits) → EUR (2 digits): nothing to rescale.
    await t.client.post('/settings/store-setting', store({ currency: 'EUR' }));
    expect(await readMenuItem(app, t.tenantId, id)).toMatchObject({ item: { priceMinor: 350 } });

    // EUR → JPY (0 digits): 3.50 → 4, 3.00 → 3, 1.25 → 1, 0.50 → 1 (half up), 19.99 → 20.
    const jpy = store({ currency: 'JPY', confirmPriceRounding: true });
    expect((await t.client.post('/settings/store-setting', jpy)).status).toBe(200);
    expect(await readMenuItem(app, t.tenantId, id)).toMatchObject({
      item: { priceMinor: 4, netPriceMinor: 3 },
      variants: [1],
      addons: [1],
    });
    expect(await readMenuItem(app, t.tenantId, plain)).toMatchObject({
      item: { priceMinor: 20, netPriceMinor: null },
    });

    // Saving the same currency again changes nothing.
    await t.client.post('/settings/store-setting', store({ currency: 'JPY', storeName: 'Renamed' }));
    expect(await readMenuItem(app, t.tenantId, id)).toMatchObject({ item: { priceMinor: 4 } });

    // JPY → BHD (3 digits): 4 → 4.000.
    await t.client.post('/settings/store-setting', store({ currency: 'BHD' }));
    expect(await readMenuItem(app, t.tenantId, id)).toMatchObject({
      item: { priceMinor: 4000, netPriceMinor: 3000 },
      variants: [1000],
      addons: [1000],
    });

    // Another tenant's menu is its own.
    expect(await readMenuItem(app, other.tenantId, otherId)).toMatchObject({ item: { priceMinor: 350 } });
  });

  it('asks before a currency change rounds prices, and changes nothing until it is confirmed', async () => {
    const t = await createTenant(app);
    const id = await insertMenuItem(app, t.tenantId, { priceMinor: 400, addonMinor: 150 });
    // The SPEC §7 payload as written, without the confirmation: refused, nothing changes.
    const refused = await t.client.post('/settings/store-setting', store({ currency: 'JPY' }));
    expect(refused).toMatchObject({
      status: 409,
      body: {
        code: 'currency_rounds_prices',
        message:
          "Changing the currency to JPY rounds 1 of the menu's prices to whole JPY: 1.50 becomes 2. Changing back will not restore them. Save anyway?",
        params: { currency: 'JPY', count: '1', unit: 'whole JPY', example: '1.50 becomes 2' },
      },
    });
    expect((await storeSettings(t)).currency).toBe('USD');
    expect(await readMenuItem(app, t.tenantId, id)).toMatchObject({
      item: { priceMinor: 400 },
      addons: [150],
    });
    expect(await auditActions(app, t.tenantId)).not.toContain('settings.store_update');

    // Confirmed, the addon is rounded; back to USD (more digits) needs no question and keeps 2.00.
    const confirm = store({ currency: 'JPY', confirmPriceRounding: true });
    expect((await t.client.post('/settings/store-setting', confirm)).status).toBe(200);
    expect(await readMenuItem(app, t.tenantId, id)).toMatchObject({ item: { priceMinor: 4 }, addons: [2] });
    expect((await t.client.post('/settings/store-setting', store({ currency: 'USD' }))).status).toBe(200);
    expect(await readMenuItem(app, t.tenantId, id)).toMatchObject({
      item: { priceMinor: 400 },
      addons: [200],
    });

    // Whole prices lose nothing: USD → JPY → USD asks nothing and gives every price back exactly.
    const whole = await createTenant(app);
    const wholeId = await insertMenuItem(app, whole.tenantId, { priceMinor: 400, addonMinor: 100 });
    for (const currency of ['JPY', 'USD']) {
      expect((await whole.client.post('/settings/store-setting', store({ currency }))).status).toBe(200);
    }
    expect(await readMenuItem(app, whole.tenantId, wholeId)).toMatchObject({
      item: { priceMinor: 400 },
      addons: [100],
    });
  });

  it('leaves prices and currency unchanged when the save is refused', async () => {
    const t = await createTenant(app);
    const id = await insertMenuItem(app, t.tenantId, { priceMinor: 350 });
    expect((await t.client.post('/settings/store-setting', store({ currency: 'XYZ' }))).status).toBe(400);
    expect((await storeSettings(t)).currency).toBe('USD');
    expect(await readMenuItem(app, t.tenantId, id)).toMatchObject({ item: { priceMinor: 350 } });
  });
});

describe('/settings/store-tables/{id}/qr', () => {
  // 401, 403 and another tenant's table: with the table routes in tables.test.ts.

  /** Adds a table through the API and answers it as listed. */
  async function addTable(t: Tenant, title: string) {
    const body = { title, floor: 'Ground', seatingCapacity: 4 };
    expect((await t.client.post('/settings/store-tables/add', body)).status).toBe(200);
    const last = (await t.client.get<StoreTable[]>('/settings/store-tables')).body.at(-1);
    if (!last) throw new Error('table not added');
    return last;
  }

  it('refuses a table QR code while the QR menu is off', async () => {
    const t = await createTenant(app);
    const added = await addTable(t, 'Patio 1');
    const res = await download(t.client, `/api/v1/settings/store-tables/${added.id}/qr`);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.bytes.toString('utf8'))).toEqual({
      code: 'qr_menu_disabled',
      message: 'Please enable QR menu from store settings!',
    });
  });

  it('downloads a table QR code: a 1080 px PNG of the menu link for that table, its name under it', async () => {
    const t = await createTenant(app);
    await t.client.post('/settings/store-setting', store());
    const added = await addTable(t, 'Patio #1 (Window)');
    const res = await download(t.client, `/api/v1/settings/store-tables/${added.id}/qr`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="patio__1__window_-qr.png"');
    expect(pngWidth(res.bytes)).toBe(1080);
    const { uniqueQRCode } = await storeSettings(t);
    const link = `https://pos.example.com/m/${uniqueQRCode}?table=${added.encrypted_id}`;
    // The code itself is untouched on top; the band under it carries the table's name (issue 31).
    const png = sharp(res.bytes);
    expect((await png.metadata()).height).toBe(1080 + TABLE_LABEL_HEIGHT);
    const top = await sharp(res.bytes)
      .extract({ left: 0, top: 0, width: 1080, height: 1080 })
      .removeAlpha()
      .raw()
      .toBuffer();
    const qr = await sharp(await QRCode.toBuffer(link, { width: 1080, margin: 2 }))
      .removeAlpha()
      .raw()
      .toBuffer();
    expect(top.equals(qr)).toBe(true);
    const band = await sharp(res.bytes)
      .extract({ left: 0, top: 1080, width: 1080, height: TABLE_LABEL_HEIGHT })
      .removeAlpha()
      .raw()
      .toBuffer();
    const label = await sharp(Buffer.from(tableLabelSvg('Patio #1 (Window)', 1080)))
      .removeAlpha()
      .raw()
      .toBuffer();
    expect(band.equals(label)).toBe(true);
    // Ink in the band, and another name draws another band.
    expect(band.some((v) => v < 100)).toBe(true);
    const other = await sharp(Buffer.from(tableLabelSvg('T2', 1080)))
      .removeAlpha()
      .raw()
      .toBuffer();
    expect(band.equals(other)).toBe(false);
  });
});
