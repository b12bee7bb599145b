import { type PrintSettings, type StoreSettings, currencyDigits, currencySymbol } from '@comanda/core';
import type { Tx } from '../../platform/db/client.ts';
import type { printSettings, storeSettings } from '../../platform/db/schema.ts';
import * as catalogueRepo from '../catalogue/catalogue.repo.ts';
import * as tenantsRepo from '../tenants/tenants.repo.ts';
import * as storeRepo from './store.repo.ts';

/** Store details as the API answers them (the settings screen, the POS). */
export function presentStore(s: typeof storeSettings.$inferSelect, timezone: string): StoreSettings {
  return {
    timezone,
    storeName: s.storeName,
    address: s.address,
    phone: s.phone,
    email: s.email,
    currency: s.currency,
    image: s.image,
    isQRMenuEnabled: s.isQrMenuEnabled,
    isQROrderEnabled: s.isQrOrderEnabled,
    uniqueQRCode: s.uniqueQrCode,
  };
}

/** Print settings as the API answers them. */
export function presentPrint(p: typeof printSettings.$inferSelect): PrintSettings {
  return {
    // The column's CHECK allows only 57 and 80.
    pageFormat: p.pageFormat === 57 ? 57 : 80,
    header: p.header,
    footer: p.footer,
    showNotes: p.showNotes,
    isEnablePrint: p.isEnablePrint,
    showStoreDetails: p.showStoreDetails,
    showCustomerDetails: p.showCustomerDetails,
    printToken: p.printToken,
  };
}

/**
 * What the POS, table-orders and invoices screens print and pay with (their /init): the store and print
 * settings, the active payment types and the store currency.
 */
export async function screenSettings(tx: Tx, tenantId: number) {
  const s = await storeRepo.getStoreSettings(tx, tenantId);
  const p = await storeRepo.getPrintSettings(tx, tenantId);
  const timezone = await tenantsRepo.getTimezone(tx, tenantId);
  const paymentTypes = await catalogueRepo.listPaymentTypes(tx, tenantId);
  return {
    printSettings: presentPrint(p),
    storeSettings: presentStore(s, timezone),
    paymentTypes: paymentTypes
      .filter((t) => t.isActive)
      .map((t) => ({ id: t.id, title: t.title, is_active: t.isActive })),
    currency: { code: s.currency, symbol: currencySymbol(s.currency), digits: currencyDigits(s.currency) },
  };
}
