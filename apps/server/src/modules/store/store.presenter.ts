import type { PrintSettings, StoreSettings } from '@comanda/core';
import type { printSettings, storeSettings } from '../../platform/db/schema.ts';

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
