import {
  type PrintSettings,
  type StoreSettings,
  currencyDigits,
  currencySymbol,
  defaultPaymentTypeOf,
  paperWidth,
} from '@comanda/core';
import type { Tx } from '../../platform/db/client.ts';
import type { printSettings, storeSettings } from '../../platform/db/schema.ts';
import * as catalogueRepo from '../catalogue/catalogue.repo.ts';
import * as tenantsRepo from '../tenants/tenants.repo.ts';
import * as storeRepo from './store.repo.ts';

/**
 * Store details as the API answers them (the settings screen, the POS, table orders, invoices): also
 * in the snake form SPEC §3 says the public and receipt flows read.
 */
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
    qrOrdersToKitchen: s.qrOrdersToKitchen,
    store_name: s.storeName,
    is_qr_menu_enabled: s.isQrMenuEnabled,
    is_qr_order_enabled: s.isQrOrderEnabled,
  };
}

/** Print settings as the API answers them: camelCase, and the snake form receipts read (SPEC §3). */
export function presentPrint(p: typeof printSettings.$inferSelect): PrintSettings {
  // The column's CHECK allows only 57 and 80.
  const pageFormat = paperWidth(p.pageFormat);
  return {
    pageFormat,
    header: p.header,
    footer: p.footer,
    showNotes: p.showNotes,
    isEnablePrint: p.isEnablePrint,
    showStoreDetails: p.showStoreDetails,
    showCustomerDetails: p.showCustomerDetails,
    printToken: p.printToken,
    printTokenDineIn: p.printTokenDineIn,
    page_format: pageFormat,
    show_notes: p.showNotes,
    is_enable_print: p.isEnablePrint,
    show_store_details: p.showStoreDetails,
    show_customer_details: p.showCustomerDetails,
    print_token: p.printToken,
    print_token_dine_in: p.printTokenDineIn,
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
  const byDefault = defaultPaymentTypeOf(paymentTypes);
  return {
    printSettings: presentPrint(p),
    storeSettings: presentStore(s, timezone),
    paymentTypes: paymentTypes
      .filter((t) => t.isActive)
      .map((t) => ({ id: t.id, title: t.title, is_active: t.isActive, is_default: t === byDefault })),
    currency: { code: s.currency, symbol: currencySymbol(s.currency), digits: currencyDigits(s.currency) },
  };
}
