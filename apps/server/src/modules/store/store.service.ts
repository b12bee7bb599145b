import {
  type PrintSettings,
  type StoreSettings,
  isCurrency,
  type printSettingsSchema,
  type storeSettingsSchema,
  tableQrFileName,
} from '@comanda/core';
import QRCode from 'qrcode';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { fail } from '../../platform/errors.ts';
import { rescaleMenuPrices } from '../menu/menu.service.ts';
import * as tablesRepo from '../tables/tables.repo.ts';
import * as tenantsRepo from '../tenants/tenants.repo.ts';
import { presentPrint, presentStore } from './store.presenter.ts';
import * as repo from './store.repo.ts';
import { withTableName } from './table-qr-image.ts';

const QR_WIDTH = 1080; // SPEC §9: QR images 1080 px wide

/** A QR code of the link as a PNG. */
function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { width: QR_WIDTH, margin: 2 });
}

/** Store details, print settings and the QR codes of the menu and its tables (SPEC §2 Settings). */
export function createStoreService(ctx: AppContext) {
  const { database, config } = ctx;
  const menuLink = (code: string) => `${config.publicUrl}/m/${code}`;

  return {
    async getStore(tc: TenantContext): Promise<StoreSettings> {
      const [s, timezone] = await database.inTenant(
        tc.tenantId,
        async (tx) =>
          [
            await repo.getStoreSettings(tx, tc.tenantId),
            await tenantsRepo.getTimezone(tx, tc.tenantId),
          ] as const,
      );
      return presentStore(s, timezone);
    },

    /**
     * Saves the store details; a currency with other minor digits rescales the menu in the same
     * transaction, and one that would round prices is refused unless `confirmPriceRounding`.
     */
    async saveStore(tc: TenantContext, input: z.output<typeof storeSettingsSchema>) {
      if (!isCurrency(input.currency)) throw fail('currency_required');
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        const current = await repo.getStoreSettings(tx, tc.tenantId, { forUpdate: true });
        const rescaled =
          current.currency === input.currency
            ? 0
            : await rescaleMenuPrices(tx, tc.tenantId, {
                from: current.currency,
                to: input.currency,
                confirmRounding: input.confirmPriceRounding ?? false,
              });
        await repo.updateStoreSettings(tx, tc.tenantId, {
          storeName: input.storeName,
          address: input.address,
          phone: input.phone,
          email: input.email,
          currency: input.currency,
          isQrMenuEnabled: input.isQRMenuEnabled,
          isQrOrderEnabled: input.isQROrderEnabled,
          qrOrdersToKitchen: input.qrOrdersToKitchen,
        });
        if (input.timezone) await tenantsRepo.setTimezone(tx, tc.tenantId, input.timezone);
        await audit(tx, tc, {
          action: 'settings.store_update',
          targetType: 'store_settings',
          details: {
            currency: { from: current.currency, to: input.currency },
            rescaledPrices: rescaled,
            // Where QR orders go is the owner's call on the kitchen's workload: kept in the log when it moves.
            ...(input.qrOrdersToKitchen !== undefined && input.qrOrdersToKitchen !== current.qrOrdersToKitchen
              ? { qrOrdersToKitchen: { from: current.qrOrdersToKitchen, to: input.qrOrdersToKitchen } }
              : {}),
          },
        });
        emit('store_updated', {});
      });
      return { message: 'Store settings saved!' };
    },

    /** The store's public menu QR code (SPEC §2 Store Details: Download QR Code). */
    async storeQr(tc: TenantContext) {
      const s = await database.inTenant(tc.tenantId, (tx) => repo.getStoreSettings(tx, tc.tenantId));
      if (!s.isQrMenuEnabled) throw fail('qr_menu_disabled');
      return { png: await qrPng(menuLink(s.uniqueQrCode)), fileName: 'qr.png' };
    },

    /**
     * A table's QR code: the menu link with the table's opaque id (SPEC §2 Store Tables), the table's
     * name printed under it (issue 31).
     */
    async tableQr(tc: TenantContext, tableId: number) {
      const { table, store } = await database.inTenant(tc.tenantId, async (tx) => ({
        table: await tablesRepo.findTable(tx, tc.tenantId, tableId),
        store: await repo.getStoreSettings(tx, tc.tenantId),
      }));
      if (!table) throw fail('table_not_found');
      if (!store.isQrMenuEnabled) throw fail('qr_menu_disabled');
      const link = `${menuLink(store.uniqueQrCode)}?table=${encodeURIComponent(table.qrToken)}`;
      return {
        png: await withTableName(await qrPng(link), table.title, QR_WIDTH),
        fileName: tableQrFileName(table.title),
      };
    },

    async getPrint(tc: TenantContext): Promise<PrintSettings> {
      const p = await database.inTenant(tc.tenantId, (tx) => repo.getPrintSettings(tx, tc.tenantId));
      return presentPrint(p);
    },

    async savePrint(tc: TenantContext, input: z.output<typeof printSettingsSchema>) {
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        await repo.updatePrintSettings(tx, tc.tenantId, input);
        await audit(tx, tc, {
          action: 'settings.print_update',
          targetType: 'print_settings',
          details: input,
        });
        emit('print_settings_updated', {});
      });
      return { message: 'Print settings saved!' };
    },
  };
}
export type StoreService = ReturnType<typeof createStoreService>;
