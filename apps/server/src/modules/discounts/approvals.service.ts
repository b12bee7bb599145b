import crypto from 'node:crypto';
import {
  type ManagerApproval,
  type managerApprovalSchema,
  approvalKey,
  billNeedsManager,
} from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import * as ordersRepo from '../orders/orders.repo.ts';
import { groupBill, lockOpen } from '../orders/table-orders.service.ts';
import * as repo from './discounts.repo.ts';
import { discountLines, mayApprove } from './discounts.service.ts';

/** PIN checks a manager's lock window allows; the locks, longer each time; how long an approval lasts. */
const PIN_LOCK_AFTER = 5;
const PIN_LOCK_MINUTES = [15, 30] as const;
const APPROVAL_MINUTES = 5;

type PinClaim =
  /** Not a user of this store who may approve with a PIN: the same answer as a wrong PIN. */
  | { kind: 'none' }
  | { kind: 'locked'; minutes: number }
  /**
   * A check claimed: the failures counting this one; `lock` when it was the window's last check and
   * took the lock: its minutes, or null when a wrong PIN now switches the PIN off.
   */
  | {
      kind: 'check';
      user: NonNullable<Awaited<ReturnType<typeof repo.lockPinState>>> & { pinHash: string };
      failures: number;
      lock: number | null | undefined;
    };

/**
 * Claims one of the PIN_LOCK_AFTER checks of a manager's lock window, holding their row: requests sent at
 * once claim one after another, so no more than that many PINs are ever checked in a window. The check
 * that claims the last one takes the lock there and then, before argon2 runs, so the requests after it
 * are refused without a check and the lock is counted once; a right PIN lifts it again. On the third lock
 * in a row the PIN is locked while its check runs, and switched off if it is wrong.
 */
async function claimPinCheck(tx: Tx, tenantId: number, userId: number): Promise<PinClaim> {
  const user = await repo.lockPinState(tx, tenantId, userId);
  if (!user || user.pinHash === null || !mayApprove(user)) return { kind: 'none' };
  if (user.lockedMs > 0) return { kind: 'locked', minutes: Math.ceil(user.lockedMs / 60_000) };
  const checked = { ...user, pinHash: user.pinHash };
  const failures = user.pinFailures + 1;
  if (failures < PIN_LOCK_AFTER) {
    await repo.countPinFailure(tx, tenantId, userId, failures);
    return { kind: 'check', user: checked, failures, lock: undefined };
  }
  const minutes = PIN_LOCK_MINUTES[user.pinLocks] ?? null;
  await repo.lockPin(tx, tenantId, userId, minutes ?? Math.max(...PIN_LOCK_MINUTES));
  return { kind: 'check', user: checked, failures, lock: minutes };
}

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
     * lines (400) and need a manager (400 otherwise). A check of the PIN is claimed first (claimPinCheck;
     * 429 when the PIN is locked, before any check), then the PIN checked: a right PIN of a user who may
     * approve answers an approval for these orders and discounts (audited `discount.approve`); a wrong
     * one is audited `discount.pin_wrong`, and the fifth in a row locks the PIN for 15 minutes, the next
     * lock for 30, and the third switches it off until its manager sets it again with their password.
     */
    async approve(
      tc: TenantContext,
      input: z.output<typeof managerApprovalSchema>,
    ): Promise<ManagerApproval> {
      const { claim, discountMinor } = await database.inTenant(tc.tenantId, async (tx) => {
        const loaded = await ordersRepo.withItems(
          tx,
          tc.tenantId,
          await lockOpen(tx, tc.tenantId, input.orderIds),
        );
        const { digits } = groupBill(loaded);
        const billable = loaded.flatMap((o) => o.items).filter((i) => i.status !== 'cancelled');
        const discounted = discountLines(billable, input.discounts, digits);
        const { managerDiscountBp } = await repo.getBillSettings(tx, tc.tenantId);
        if (!billNeedsManager(discounted, managerDiscountBp)) throw fail('discount_needs_no_approval');
        return {
          claim: await claimPinCheck(tx, tc.tenantId, input.userId),
          discountMinor: discounted.discountMinor,
        };
      });
      if (claim.kind === 'locked') throw fail('manager_pin_locked', { minutes: String(claim.minutes) });
      if (claim.kind === 'none') {
        // As long as a real check: whether a user has a PIN is not told by the time taken.
        await ctx.passwords.verify(undefined, input.pin);
        throw fail('manager_pin_wrong');
      }
      const { user: approver, failures, lock } = claim;
      const right = await ctx.passwords.verify(approver.pinHash, input.pin);

      const outcome = await database.inTenant(tc.tenantId, async (tx) => {
        // A right PIN approves only while it is still the manager's PIN.
        if (right && (await repo.resetPinFailures(tx, tc.tenantId, approver.id, approver.pinHash))) {
          const id = crypto.randomUUID();
          const expiresAt = await repo.insertApproval(
            tx,
            {
              tenantId: tc.tenantId,
              id,
              approverId: approver.id,
              requestedBy: tc.userId,
              approvalKey: approvalKey(input.orderIds, input.discounts),
              discountMinor,
            },
            APPROVAL_MINUTES,
          );
          await audit(tx, tc, {
            action: 'discount.approve',
            targetType: 'user',
            targetId: approver.id,
            details: { orderIds: input.orderIds, discounts: input.discounts, discountMinor },
          });
          return { approvalId: id, expiresAt } as const;
        }
        if (right) return { refused: undefined } as const;
        if (lock === null) await repo.disablePin(tx, tc.tenantId, approver.id, approver.pinHash);
        await audit(tx, tc, {
          action: 'discount.pin_wrong',
          targetType: 'user',
          targetId: approver.id,
          details: {
            failures,
            ...(lock === undefined ? {} : lock === null ? { disabled: true } : { lockedMinutes: lock }),
          },
        });
        return { refused: lock } as const;
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
