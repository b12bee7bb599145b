import {
  type Category,
  type ErrorCode,
  currencyDigits,
  fromMinor,
  isCurrency,
  MAX_MINOR,
  type PaymentType,
  type PrintSettings,
  rescaleMinor,
  type StoreSettings,
  type StoreTable,
  type Tax,
  tableQrFileName,
  toMinor,
  type addCategorySchema,
  type addPaymentTypeSchema,
  type addTaxSchema,
  type printSettingsSchema,
  type storeSettingsSchema,
  type storeTableSchema,
  type updatePaymentTypeSchema,
} from '@comanda/core';
import QRCode from 'qrcode';
import type { z } from 'zod';
import { type Actor, audit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import * as repo from './settings.repo.ts';
import * as tenantsRepo from '../tenants/tenants.repo.ts';

const QR_WIDTH = 1080; // SPEC §9: QR images 1080 px wide

type TaxInput = z.output<typeof addTaxSchema>;

/** A QR code of the link as a PNG. */
function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { width: QR_WIDTH, margin: 2 });
}

/** The tax rate of a form (a percent with up to two decimals) in basis points. */
function rateBp(rate: string): number {
  const bp = toMinor(rate, 2);
  // The schema already allows only 0-100 with two decimals; this guards a caller that skipped it.
  if (bp === null || bp > 10_000) throw fail('tax_rate_invalid');
  return bp;
}

/** The row of an update or delete, or the 404 another tenant's (or a missing) id answers. */
function found<T>(row: T | undefined, code: ErrorCode): T {
  if (!row) throw fail(code);
  return row;
}

/** Store details, print settings, tables, categories, taxes and payment types (SPEC §2 Settings). */
export function createSettingsService(ctx: AppContext) {
  const { database, config } = ctx;
  const menuLink = (code: string) => `${config.publicUrl}/m/${code}`;

  /** Re-expresses every menu price when the currency's minor digits change (USD 3.50 → JPY 4). */
  async function rescalePrices(tx: Tx, tenantId: number, from: string, to: string) {
    const fromDigits = currencyDigits(from);
    const toDigits = currencyDigits(to);
    if (fromDigits === toDigits) return 0;
    const prices = await repo.menuPrices(tx, tenantId);
    const all = [
      ...prices.items.flatMap((r) => (r.netPrice === null ? [r.price] : [r.price, r.netPrice])),
      ...prices.variants.map((r) => r.price),
      ...prices.addons.map((r) => r.price),
    ];
    if (all.some((m) => rescaleMinor(m, fromDigits, toDigits) > MAX_MINOR)) {
      throw fail('prices_too_large_for_currency');
    }
    await repo.rescaleMenuPrices(tx, tenantId, prices, (m) => rescaleMinor(m, fromDigits, toDigits));
    return all.length;
  }

  return {
    async getStore(tenantId: number): Promise<StoreSettings> {
      const [s, timezone] = await database.inTenant(
        tenantId,
        async (tx) =>
          [await repo.getStoreSettings(tx, tenantId), await tenantsRepo.getTimezone(tx, tenantId)] as const,
      );
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
    },

    /** Saves the store details; a currency with other minor digits rescales the menu in the same transaction. */
    async saveStore(actor: Actor, input: z.output<typeof storeSettingsSchema>) {
      if (!isCurrency(input.currency)) throw fail('currency_required');
      await database.inTenant(actor.tenantId, async (tx) => {
        const current = await repo.getStoreSettings(tx, actor.tenantId, { forUpdate: true });
        const rescaled =
          current.currency === input.currency
            ? 0
            : await rescalePrices(tx, actor.tenantId, current.currency, input.currency);
        await repo.updateStoreSettings(tx, actor.tenantId, {
          storeName: input.storeName,
          address: input.address,
          phone: input.phone,
          email: input.email,
          currency: input.currency,
          isQrMenuEnabled: input.isQRMenuEnabled,
          isQrOrderEnabled: input.isQROrderEnabled,
        });
        if (input.timezone) await tenantsRepo.setTimezone(tx, actor.tenantId, input.timezone);
        await audit(tx, actor, {
          action: 'settings.store_update',
          targetType: 'store_settings',
          details: { currency: { from: current.currency, to: input.currency }, rescaledPrices: rescaled },
        });
      });
      return { message: 'Store settings saved!' };
    },

    /** The store's public menu QR code (SPEC §2 Store Details: Download QR Code). */
    async storeQr(tenantId: number) {
      const s = await database.inTenant(tenantId, (tx) => repo.getStoreSettings(tx, tenantId));
      if (!s.isQrMenuEnabled) throw fail('qr_menu_disabled');
      return { png: await qrPng(menuLink(s.uniqueQrCode)), fileName: 'qr.png' };
    },

    async getPrint(tenantId: number): Promise<PrintSettings> {
      const p = await database.inTenant(tenantId, (tx) => repo.getPrintSettings(tx, tenantId));
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
    },

    async savePrint(actor: Actor, input: z.output<typeof printSettingsSchema>) {
      await database.inTenant(actor.tenantId, async (tx) => {
        await repo.savePrintSettings(tx, actor.tenantId, input);
        await audit(tx, actor, {
          action: 'settings.print_update',
          targetType: 'print_settings',
          details: input,
        });
      });
      return { message: 'Print settings saved!' };
    },

    // Store tables

    async listTables(tenantId: number): Promise<StoreTable[]> {
      const rows = await database.inTenant(tenantId, (tx) => repo.listTables(tx, tenantId));
      return rows.map((t) => ({
        id: t.id,
        table_title: t.title,
        seating_capacity: t.seatingCapacity,
        floor: t.floor,
        encrypted_id: t.qrToken,
      }));
    },

    async addTable(actor: Actor, input: z.output<typeof storeTableSchema>) {
      await database.inTenant(actor.tenantId, async (tx) => {
        const row = await repo.insertTable(tx, actor.tenantId, input);
        await audit(tx, actor, {
          action: 'table.add',
          targetType: 'table',
          targetId: row?.id,
          details: input,
        });
      });
      return { message: 'Table added!' };
    },

    async updateTable(actor: Actor, id: number, input: z.output<typeof storeTableSchema>) {
      await database.inTenant(actor.tenantId, async (tx) => {
        found(await repo.updateTable(tx, actor.tenantId, id, input), 'table_not_found');
        await audit(tx, actor, { action: 'table.update', targetType: 'table', targetId: id, details: input });
      });
      return { message: 'Table updated!' };
    },

    async removeTable(actor: Actor, id: number) {
      await database.inTenant(actor.tenantId, async (tx) => {
        const row = found(await repo.deleteTable(tx, actor.tenantId, id), 'table_not_found');
        await audit(tx, actor, {
          action: 'table.delete',
          targetType: 'table',
          targetId: id,
          details: { title: row.title },
        });
      });
      return { message: 'Table deleted!' };
    },

    /** A table's QR code: the menu link with the table's opaque id (SPEC §2 Store Tables). */
    async tableQr(tenantId: number, id: number) {
      const { table, store } = await database.inTenant(tenantId, async (tx) => ({
        table: found(await repo.findTable(tx, tenantId, id), 'table_not_found'),
        store: await repo.getStoreSettings(tx, tenantId),
      }));
      if (!store.isQrMenuEnabled) throw fail('qr_menu_disabled');
      const link = `${menuLink(store.uniqueQrCode)}?table=${encodeURIComponent(table.qrToken)}`;
      return { png: await qrPng(link), fileName: tableQrFileName(table.title) };
    },

    // Categories

    async listCategories(tenantId: number): Promise<Category[]> {
      return database.inTenant(tenantId, (tx) => repo.listCategories(tx, tenantId));
    },

    async addCategory(actor: Actor, input: z.output<typeof addCategorySchema>) {
      // A title the tenant already has (ignoring case) is refused by the unique index: errors.ts maps it.
      await database.inTenant(actor.tenantId, async (tx) => {
        const row = await repo.insertCategory(tx, actor.tenantId, input.title);
        await audit(tx, actor, {
          action: 'category.add',
          targetType: 'category',
          targetId: row?.id,
          details: { title: input.title },
        });
      });
      return { message: 'Category added!' };
    },

    async updateCategory(actor: Actor, id: number, title: string) {
      await database.inTenant(actor.tenantId, async (tx) => {
        found(await repo.updateCategory(tx, actor.tenantId, id, title), 'category_not_found');
        await audit(tx, actor, {
          action: 'category.update',
          targetType: 'category',
          targetId: id,
          details: { title },
        });
      });
      return { message: 'Category updated!' };
    },

    async removeCategory(actor: Actor, id: number) {
      await database.inTenant(actor.tenantId, async (tx) => {
        const row = found(await repo.deleteCategory(tx, actor.tenantId, id), 'category_not_found');
        await audit(tx, actor, {
          action: 'category.delete',
          targetType: 'category',
          targetId: id,
          details: { title: row.title },
        });
      });
      return { message: 'Category deleted!' };
    },

    // Taxes

    async listTaxes(tenantId: number): Promise<Tax[]> {
      const rows = await database.inTenant(tenantId, (tx) => repo.listTaxes(tx, tenantId));
      return rows.map((t) => ({
        id: t.id,
        title: t.title,
        rate: fromMinor(t.rateBp, 2),
        type: t.type,
        items_count: t.itemsCount,
      }));
    },

    async addTax(actor: Actor, input: TaxInput) {
      const values = { title: input.title, rateBp: rateBp(input.rate), type: input.type };
      await database.inTenant(actor.tenantId, async (tx) => {
        const row = await repo.insertTax(tx, actor.tenantId, values);
        await audit(tx, actor, { action: 'tax.add', targetType: 'tax', targetId: row?.id, details: values });
      });
      return { message: 'Tax added!' };
    },

    async updateTax(actor: Actor, id: number, input: TaxInput) {
      const values = { title: input.title, rateBp: rateBp(input.rate), type: input.type };
      await database.inTenant(actor.tenantId, async (tx) => {
        found(await repo.updateTax(tx, actor.tenantId, id, values), 'tax_not_found');
        await audit(tx, actor, { action: 'tax.update', targetType: 'tax', targetId: id, details: values });
      });
      return { message: 'Tax updated!' };
    },

    async removeTax(actor: Actor, id: number) {
      await database.inTenant(actor.tenantId, async (tx) => {
        const row = found(await repo.deleteTax(tx, actor.tenantId, id), 'tax_not_found');
        await audit(tx, actor, {
          action: 'tax.delete',
          targetType: 'tax',
          targetId: id,
          details: { title: row.title },
        });
      });
      return { message: 'Tax deleted!' };
    },

    // Payment types

    async listPaymentTypes(tenantId: number): Promise<PaymentType[]> {
      const rows = await database.inTenant(tenantId, (tx) => repo.listPaymentTypes(tx, tenantId));
      return rows.map((p) => ({ id: p.id, title: p.title, is_active: p.isActive }));
    },

    async addPaymentType(actor: Actor, input: z.output<typeof addPaymentTypeSchema>) {
      await database.inTenant(actor.tenantId, async (tx) => {
        const row = await repo.insertPaymentType(tx, actor.tenantId, input);
        await audit(tx, actor, {
          action: 'payment_type.add',
          targetType: 'payment_type',
          targetId: row?.id,
          details: input,
        });
      });
      return { message: 'Payment type added!' };
    },

    async togglePaymentType(actor: Actor, id: number, isActive: boolean) {
      await database.inTenant(actor.tenantId, async (tx) => {
        found(await repo.updatePaymentType(tx, actor.tenantId, id, { isActive }), 'payment_type_not_found');
        await audit(tx, actor, {
          action: 'payment_type.toggle',
          targetType: 'payment_type',
          targetId: id,
          details: { isActive },
        });
      });
      return { message: isActive ? 'Payment type activated!' : 'Payment type deactivated!' };
    },

    async updatePaymentType(actor: Actor, id: number, input: z.output<typeof updatePaymentTypeSchema>) {
      await database.inTenant(actor.tenantId, async (tx) => {
        found(await repo.updatePaymentType(tx, actor.tenantId, id, input), 'payment_type_not_found');
        await audit(tx, actor, {
          action: 'payment_type.update',
          targetType: 'payment_type',
          targetId: id,
          details: input,
        });
      });
      return { message: 'Payment type updated!' };
    },

    async removePaymentType(actor: Actor, id: number) {
      await database.inTenant(actor.tenantId, async (tx) => {
        const row = found(await repo.deletePaymentType(tx, actor.tenantId, id), 'payment_type_not_found');
        await audit(tx, actor, {
          action: 'payment_type.delete',
          targetType: 'payment_type',
          targetId: id,
          details: { title: row.title },
        });
      });
      return { message: 'Payment type deleted!' };
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
