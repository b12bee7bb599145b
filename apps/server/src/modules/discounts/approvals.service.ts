import crypto from 'node:crypto';
import { type ManagerApproval, type managerApprovalSchema, approvalKey, needsManager } from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { fail } from '../../platform/errors.ts';
import * as ordersRepo from '../orders/orders.repo.ts';
import { groupBill, lockOpen } from '../orders/table-orders.service.ts';
import * as repo from './discounts.repo.ts';
import { discountLines, mayApprove } from './discounts.service.ts';

/** Wrong PINs in a row that lock a manager's PIN; the locks, longer each time; how long an approval lasts. */
const PIN_LOCK_AFTER = 5;
const PIN_LOCK_MINUTES = [15, 30];
const APPROVAL_MINUTES = 5;

/**
 * A manager's PIN on the cashier's device (docs/discounts.md): who can approve, and the approval itself.
 * The PIN is checked between two short transactions, never inside one: argon2 takes tens of ms, and a
 * transaction held that long would hold up every other request on the embedded database.
 */
export function createApprovalsService(ctx: AppContext) {
  const { database } = ctx;
  return {
    /** GET /discounts/approvers: who can approve at this terminal (MANAGER or admin, with a PIN). */
    async approvers(tc: TenantContext) {
      const rows = await database.inTenant(tc.tenantId, (tx) => repo.listUsersWithPin(tx, tc.tenantId));
      return { approvers: rows.filter(mayApprove).map((u) => ({ id: u.id, name: u.name })) };
    },

    /**
     * POST /discounts/approvals. The orders must be open (404, 409), the discounts must apply to their
     * lines (400) and take off more than the threshold (400: no manager needed). The attempt is counted
     * first, then the PIN checked: a right PIN of a user who may approve answers an approval for these
     * orders and discounts (audited `discount.approve`); a wrong one is audited `discount.pin_wrong`,
     * and the fifth in a row locks the PIN for 15 minutes, the next lock for 30, and the third switches
     * it off until its manager sets it again with their password.
     */
    async approve(
      tc: TenantContext,
      input: z.output<typeof managerApprovalSchema>,
    ): Promise<ManagerApproval> {
      const claim = await database.inTenant(tc.tenantId, async (tx) => {
        const loaded = await ordersRepo.withItems(
          tx,
          tc.tenantId,
          await lockOpen(tx, tc.tenantId, input.orderIds),
        );
        const { digits } = groupBill(loaded);
        const billable = loaded.flatMap((o) => o.items).filter((i) => i.status !== 'cancelled');
        const discounted = discountLines(billable, input.discounts, digits);
        const { managerDiscountBp } = await repo.getBillSettings(tx, tc.tenantId);
        if (!discounted.applied.some((d) => needsManager(d, managerDiscountBp)))
          throw fail('discount_needs_no_approval');
        const user = await repo.claimPinAttempt(tx, tc.tenantId, input.userId);
        const lockedMs = user ? 0 : await repo.pinLockedMs(tx, tc.tenantId, input.userId);
        return { user, lockedMs, discountMinor: discounted.discountMinor };
      });
      const { user } = claim;
      if (!user && claim.lockedMs > 0)
        throw fail('manager_pin_locked', { minutes: String(Math.ceil(claim.lockedMs / 60_000)) });
      const right =
        user !== undefined && mayApprove(user)
          ? await ctx.passwords.verify(user.pinHash ?? undefined, input.pin)
          : // As long as a real check: whether a user has a PIN is not told by the time taken.
            await ctx.passwords.verify(undefined, input.pin);
      if (!user || !mayApprove(user)) throw fail('manager_pin_wrong');

      const approver = user;
      const outcome = await database.inTenant(tc.tenantId, async (tx) => {
        if (!right) {
          const locks = approver.pinFailures >= PIN_LOCK_AFTER;
          const minutes = locks ? (PIN_LOCK_MINUTES[approver.pinLocks] ?? null) : undefined;
          if (minutes !== undefined) await repo.lockPin(tx, tc.tenantId, approver.id, minutes);
          await audit(tx, tc, {
            action: 'discount.pin_wrong',
            targetType: 'user',
            targetId: approver.id,
            details: {
              failures: approver.pinFailures,
              ...(minutes === undefined
                ? {}
                : minutes === null
                  ? { disabled: true }
                  : { lockedMinutes: minutes }),
            },
          });
          return { refused: minutes } as const;
        }
        await repo.resetPinFailures(tx, tc.tenantId, approver.id);
        const id = crypto.randomUUID();
        const expiresAt = new Date(Date.now() + APPROVAL_MINUTES * 60_000);
        await repo.insertApproval(tx, {
          tenantId: tc.tenantId,
          id,
          approverId: approver.id,
          requestedBy: tc.userId,
          approvalKey: approvalKey(input.orderIds, input.discounts),
          discountMinor: claim.discountMinor,
          expiresAt,
        });
        await audit(tx, tc, {
          action: 'discount.approve',
          targetType: 'user',
          targetId: approver.id,
          details: {
            orderIds: input.orderIds,
            discounts: input.discounts,
            discountMinor: claim.discountMinor,
          },
        });
        return { approvalId: id, expiresAt } as const;
      });
      if ('refused' in outcome) {
        if (outcome.refused === null) throw fail('manager_pin_disabled');
        if (outcome.refused !== undefined)
          throw fail('manager_pin_locked', { minutes: String(outcome.refused) });
        throw fail('manager_pin_wrong');
      }
      return {
        approvalId: outcome.approvalId,
        approver: { id: approver.id, name: approver.name },
        expiresAt: outcome.expiresAt.toISOString(),
      };
    },
  };
}

export type ApprovalsService = ReturnType<typeof createApprovalsService>;
