import {
  type Category,
  type ErrorCode,
  type PaymentTypeSetting,
  type Tax,
  type addCategorySchema,
  type addPaymentTypeSchema,
  type addTaxSchema,
  fromMinor,
  toMinor,
  type updatePaymentTypeSchema,
} from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import * as repo from './catalogue.repo.ts';

type TaxInput = z.output<typeof addTaxSchema>;

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

/**
 * What a change of payment type `id` did to the store's default, for the answer's message: switching off
 * or deleting the default moves it to the next (catalogue.repo findDefaultPaymentType) and says so, or
 * says none is left; anything else says nothing.
 */
async function defaultMoved(tx: Tx, tenantId: number, id: number, before: { id: number } | undefined) {
  if (before?.id !== id) return '';
  const after = await repo.findDefaultPaymentType(tx, tenantId);
  if (after?.id === id) return '';
  return after ? ` ${after.title} is now the default.` : ' No payment type is active now.';
}

/**
 * The payment type that pays a bill sent without one (SPEC §7's payloads name none): the store's default,
 * or a 400 when no type is active.
 */
export async function defaultPaymentTypeId(tx: Tx, tenantId: number): Promise<number> {
  const row = await repo.findDefaultPaymentType(tx, tenantId);
  if (!row) throw fail('no_active_payment_type');
  return row.id;
}

/** Categories, taxes and payment types: what the menu and the POS draw on (SPEC §2 Settings). */
export function createCatalogueService(ctx: AppContext) {
  const { database } = ctx;

  return {
    // Categories

    async listCategories(tc: TenantContext): Promise<Category[]> {
      return database.inTenant(tc.tenantId, (tx) => repo.listCategories(tx, tc.tenantId));
    },

    async addCategory(tc: TenantContext, input: z.output<typeof addCategorySchema>) {
      // A title the tenant already has (ignoring case) is refused by the unique index: errors.ts maps it.
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        const row = await repo.insertCategory(tx, tc.tenantId, input.title);
        await audit(tx, tc, {
          action: 'category.add',
          targetType: 'category',
          targetId: row?.id,
          details: { title: input.title },
        });
        emit('catalogue_updated', { kind: 'category' });
      });
      return { message: 'Category added!' };
    },

    async updateCategory(tc: TenantContext, id: number, title: string) {
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        found(await repo.updateCategory(tx, tc.tenantId, id, title), 'category_not_found');
        await audit(tx, tc, {
          action: 'category.update',
          targetType: 'category',
          targetId: id,
          details: { title },
        });
        emit('catalogue_updated', { kind: 'category' });
      });
      return { message: 'Category updated!' };
    },

    async removeCategory(tc: TenantContext, id: number) {
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        const row = found(await repo.deleteCategory(tx, tc.tenantId, id), 'category_not_found');
        await audit(tx, tc, {
          action: 'category.delete',
          targetType: 'category',
          targetId: id,
          details: { title: row.title },
        });
        emit('catalogue_updated', { kind: 'category' });
      });
      return { message: 'Category deleted!' };
    },

    // Taxes

    async listTaxes(tc: TenantContext): Promise<Tax[]> {
      const rows = await database.inTenant(tc.tenantId, (tx) => repo.listTaxes(tx, tc.tenantId));
      return rows.map((t) => ({
        id: t.id,
        title: t.title,
        rate: fromMinor(t.rateBp, 2),
        type: t.type,
        items_count: t.itemsCount,
      }));
    },

    async addTax(tc: TenantContext, input: TaxInput) {
      const values = { title: input.title, rateBp: rateBp(input.rate), type: input.type };
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        const row = await repo.insertTax(tx, tc.tenantId, values);
        await audit(tx, tc, { action: 'tax.add', targetType: 'tax', targetId: row?.id, details: values });
        emit('catalogue_updated', { kind: 'tax' });
      });
      return { message: 'Tax added!' };
    },

    async updateTax(tc: TenantContext, id: number, input: TaxInput) {
      const values = { title: input.title, rateBp: rateBp(input.rate), type: input.type };
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        found(await repo.updateTax(tx, tc.tenantId, id, values), 'tax_not_found');
        await audit(tx, tc, { action: 'tax.update', targetType: 'tax', targetId: id, details: values });
        emit('catalogue_updated', { kind: 'tax' });
      });
      return { message: 'Tax updated!' };
    },

    async removeTax(tc: TenantContext, id: number) {
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        const row = found(await repo.deleteTax(tx, tc.tenantId, id), 'tax_not_found');
        await audit(tx, tc, {
          action: 'tax.delete',
          targetType: 'tax',
          targetId: id,
          details: { title: row.title },
        });
        emit('catalogue_updated', { kind: 'tax' });
      });
      return { message: 'Tax deleted!' };
    },

    // Payment types

    async listPaymentTypes(tc: TenantContext): Promise<PaymentTypeSetting[]> {
      const { rows, fallback } = await database.inTenant(tc.tenantId, async (tx) => ({
        rows: await repo.listPaymentTypes(tx, tc.tenantId),
        fallback: await repo.findDefaultPaymentType(tx, tc.tenantId),
      }));
      return rows.map((p) => ({
        id: p.id,
        title: p.title,
        is_active: p.isActive,
        is_cash: p.isCash,
        is_default: p.id === fallback?.id,
      }));
    },

    /** POST /settings/payment-types/{id}/default: what pays a bill sent without a payment (issue 30). */
    async makeDefaultPaymentType(tc: TenantContext, id: number) {
      const title = await database.inTenant(tc.tenantId, async (tx, emit) => {
        const row = found(await repo.findPaymentType(tx, tc.tenantId, id), 'payment_type_not_found');
        if (!(await repo.markDefaultPaymentType(tx, tc.tenantId, id)))
          throw fail('payment_type_default_inactive');
        await audit(tx, tc, {
          action: 'payment_type.default',
          targetType: 'payment_type',
          targetId: id,
          details: { title: row.title },
        });
        emit('catalogue_updated', { kind: 'payment_type' });
        return row.title;
      });
      return { message: `${title} is now the default payment type!` };
    },

    async addPaymentType(tc: TenantContext, input: z.output<typeof addPaymentTypeSchema>) {
      await database.inTenant(tc.tenantId, async (tx, emit) => {
        const row = await repo.insertPaymentType(tx, tc.tenantId, input);
        await audit(tx, tc, {
          action: 'payment_type.add',
          targetType: 'payment_type',
          targetId: row?.id,
          details: input,
        });
        emit('catalogue_updated', { kind: 'payment_type' });
      });
      return { message: 'Payment type added!' };
    },

    async togglePaymentType(tc: TenantContext, id: number, isActive: boolean) {
      const moved = await database.inTenant(tc.tenantId, async (tx, emit) => {
        const before = await repo.findDefaultPaymentType(tx, tc.tenantId);
        found(await repo.updatePaymentType(tx, tc.tenantId, id, { isActive }), 'payment_type_not_found');
        await audit(tx, tc, {
          action: 'payment_type.toggle',
          targetType: 'payment_type',
          targetId: id,
          details: { isActive },
        });
        emit('catalogue_updated', { kind: 'payment_type' });
        return defaultMoved(tx, tc.tenantId, id, before);
      });
      return { message: (isActive ? 'Payment type activated!' : 'Payment type deactivated!') + moved };
    },

    async updatePaymentType(tc: TenantContext, id: number, input: z.output<typeof updatePaymentTypeSchema>) {
      const moved = await database.inTenant(tc.tenantId, async (tx, emit) => {
        const before = await repo.findDefaultPaymentType(tx, tc.tenantId);
        found(await repo.updatePaymentType(tx, tc.tenantId, id, input), 'payment_type_not_found');
        await audit(tx, tc, {
          action: 'payment_type.update',
          targetType: 'payment_type',
          targetId: id,
          details: input,
        });
        emit('catalogue_updated', { kind: 'payment_type' });
        return defaultMoved(tx, tc.tenantId, id, before);
      });
      return { message: 'Payment type updated!' + moved };
    },

    async removePaymentType(tc: TenantContext, id: number) {
      const moved = await database.inTenant(tc.tenantId, async (tx, emit) => {
        const before = await repo.findDefaultPaymentType(tx, tc.tenantId);
        const row = found(await repo.deletePaymentType(tx, tc.tenantId, id), 'payment_type_not_found');
        await audit(tx, tc, {
          action: 'payment_type.delete',
          targetType: 'payment_type',
          targetId: id,
          details: { title: row.title },
        });
        emit('catalogue_updated', { kind: 'payment_type' });
        return defaultMoved(tx, tc.tenantId, id, before);
      });
      return { message: 'Payment type deleted!' + moved };
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
