import {
  DRAFTS_PER_USER_MAX,
  type ServerDraft,
  type TicketSettings,
  type saveDraftSchema,
} from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import * as customersRepo from '../customers/customers.repo.ts';
import { priceCart } from '../orders/pricing.ts';
import * as tablesRepo from '../tables/tables.repo.ts';
import * as usersRepo from '../users/users.repo.ts';
import * as repo from './tickets.repo.ts';

type DraftInput = z.output<typeof saveDraftSchema>;

/**
 * The POS ticket (issue 31, docs/tickets.md): drafts that follow the signed-in user to any device (a
 * user sees, saves and deletes only their own; another user's or tenant's id is a 404), and the owner's
 * switch that lets a dine-in order go with a name tag instead of a table.
 */
export function createTicketsService(ctx: AppContext) {
  const { database } = ctx;

  return {
    /** GET /pos/drafts: the user's drafts, oldest first, with the guest each names. */
    async listDrafts(tc: TenantContext): Promise<{ drafts: ServerDraft[] }> {
      return database.inTenant(tc.tenantId, async (tx) => {
        const rows = await repo.listDrafts(tx, tc.tenantId, tc.userId);
        const drafts: ServerDraft[] = [];
        for (const row of rows) drafts.push(await presentDraft(tx, tc.tenantId, row));
        return { drafts };
      });
    },

    /**
     * POST /pos/drafts: the cart is checked as an order's is (its items, variants and addons priced
     * against this store's menu: another store's item is refused), the guest and table must be the
     * store's, and a user keeps at most DRAFTS_PER_USER_MAX drafts.
     */
    async saveDraft(tc: TenantContext, input: DraftInput) {
      return database.inTenant(tc.tenantId, async (tx) => {
        await priceCart(
          tx,
          tc.tenantId,
          input.cart.map((l) => ({ ...l, uuid: l.uuid ?? '' })),
        );
        if (input.customerId !== null && !(await customersRepo.findCustomer(tx, tc.tenantId, input.customerId)))
          throw fail('customer_not_found');
        if (input.tableId !== null && !(await tablesRepo.findTable(tx, tc.tenantId, input.tableId)))
          throw fail('table_not_found');
        await usersRepo.lockUser(tx, tc.tenantId, tc.userId);
        if ((await repo.countDrafts(tx, tc.tenantId, tc.userId)) >= DRAFTS_PER_USER_MAX) throw fail('drafts_full');
        const ticket: repo.DraftTicket = {
          cart: input.cart.map((l) => ({
            uuid: l.uuid ?? null,
            item_id: l.item_id,
            variant_id: l.variant_id,
            addons_ids: l.addons_ids,
            quantity: l.quantity,
            notes: l.notes,
            seat: l.seat,
          })),
          deliveryType: input.deliveryType,
          customerId: input.customerId,
          tableId: input.tableId,
          nameTag: input.nameTag,
        };
        // A ticket over the table's 64 KiB CHECK (0032) answers 400 draft_too_large (platform/errors.ts).
        const row = await repo.insertDraft(tx, tc.tenantId, tc.userId, input.nameRef, ticket);
        return {
          message: 'Draft saved!',
          draft: await presentDraft(tx, tc.tenantId, { ...row, nameRef: input.nameRef, ticket }),
        };
      });
    },

    /** DELETE /pos/drafts/:id: the user's own draft (restored or thrown away). */
    async deleteDraft(tc: TenantContext, id: number) {
      await database.inTenant(tc.tenantId, async (tx) => {
        if (!(await repo.deleteDraft(tx, tc.tenantId, tc.userId, id))) throw fail('draft_not_found');
      });
      return { message: 'Draft deleted!' };
    },

    /** GET /settings/ticket-setting: read by the POS. */
    async getSettings(tc: TenantContext): Promise<TicketSettings> {
      return database.inTenant(tc.tenantId, async (tx) => ({
        allowNameTags: await repo.allowsNameTags(tx, tc.tenantId),
      }));
    },

    /** POST /settings/ticket-setting, audited as `settings.ticket_update`. */
    async saveSettings(tc: TenantContext, input: TicketSettings) {
      await database.inTenant(tc.tenantId, async (tx) => {
        const before = await repo.allowsNameTags(tx, tc.tenantId);
        await repo.saveAllowsNameTags(tx, tc.tenantId, input.allowNameTags);
        await audit(tx, tc, {
          action: 'settings.ticket_update',
          targetType: 'store_settings',
          details: { from: { allowNameTags: before }, to: input },
        });
      });
      return { message: 'Ticket settings saved!' };
    },
  };
}
export type TicketsService = ReturnType<typeof createTicketsService>;

/** A draft row as the POS reads it: the guest looked up now (a deleted guest reads as none). */
async function presentDraft(
  tx: Tx,
  tenantId: number,
  row: { id: number; nameRef: string; ticket: unknown; createdAt: Date },
): Promise<ServerDraft> {
  const ticket = row.ticket as repo.DraftTicket;
  const customer =
    ticket.customerId === null ? undefined : await customersRepo.findCustomer(tx, tenantId, ticket.customerId);
  return {
    id: row.id,
    nameRef: row.nameRef,
    createdAt: row.createdAt.toISOString(),
    cart: ticket.cart,
    deliveryType: ticket.deliveryType,
    customer: customer ? { id: customer.id, name: customer.name, phone: customer.phone } : null,
    tableId: ticket.tableId,
    nameTag: ticket.nameTag,
  };
}
