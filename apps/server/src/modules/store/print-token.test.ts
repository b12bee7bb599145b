import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PosInit, PrintSettings } from '@comanda/core';
import { type TestApp, createTenant, startTestApp } from '../../../test/harness.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** SPEC §7's print-setting payload exactly as written: no printTokenDineIn. */
const specPrint = {
  pageFormat: 80,
  header: '',
  footer: '',
  showNotes: true,
  isEnablePrint: true,
  showStoreDetails: true,
  showCustomerDetails: true,
  printToken: true,
};

/** "Print token for dine-in" (issue 31, migration 0034): docs/orders.md "Tokens". */
describe('print settings: printTokenDineIn', () => {
  it('is off in a new store, in both forms, on the settings and on the POS', async () => {
    const t = await createTenant(app);
    const got = await t.client.get<PrintSettings>('/settings/print-setting');
    expect(got.body).toMatchObject({ printTokenDineIn: false, print_token_dine_in: false });
    const pos = await t.client.get<PosInit>('/pos/init');
    expect(pos.body.printSettings).toMatchObject({ printTokenDineIn: false, print_token_dine_in: false });
  });

  it('is switched on and off, and a §7 payload without it keeps what is stored', async () => {
    const t = await createTenant(app);
    expect(
      await t.client.post('/settings/print-setting', { ...specPrint, printTokenDineIn: true }),
    ).toMatchObject({ status: 200 });
    expect((await t.client.get<PrintSettings>('/settings/print-setting')).body.printTokenDineIn).toBe(true);
    expect((await t.client.get<PosInit>('/pos/init')).body.printSettings.printTokenDineIn).toBe(true);

    // The §7 call as written changes the header and keeps the switch on.
    expect(await t.client.post('/settings/print-setting', { ...specPrint, header: 'Hi' })).toMatchObject({
      status: 200,
    });
    expect((await t.client.get<PrintSettings>('/settings/print-setting')).body).toMatchObject({
      header: 'Hi',
      printTokenDineIn: true,
    });

    await t.client.post('/settings/print-setting', { ...specPrint, printTokenDineIn: false });
    expect((await t.client.get<PrintSettings>('/settings/print-setting')).body.printTokenDineIn).toBe(false);
  });

  it('answers 400 to anything but a boolean and changes nothing', async () => {
    const t = await createTenant(app);
    const before = (await t.client.get<PrintSettings>('/settings/print-setting')).body;
    expect(
      await t.client.post('/settings/print-setting', { ...specPrint, header: 'No', printTokenDineIn: 'yes' }),
    ).toMatchObject({ status: 400, body: { message: 'Invalid request!' } });
    expect((await t.client.get<PrintSettings>('/settings/print-setting')).body).toEqual(before);
  });

  it("keeps each store's switch to itself", async () => {
    const a = await createTenant(app);
    const b = await createTenant(app);
    await a.client.post('/settings/print-setting', { ...specPrint, printTokenDineIn: true });
    expect((await b.client.get<PrintSettings>('/settings/print-setting')).body.printTokenDineIn).toBe(false);
  });
});
