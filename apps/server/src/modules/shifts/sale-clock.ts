import { saleTime } from '@comanda/core';
import type { TenantContext } from '../../platform/auth.ts';
import type { Tx } from '../../platform/db/client.ts';
import * as devicesRepo from '../devices/devices.repo.ts';
import * as storeRepo from '../store/store.repo.ts';
import * as repo from './shifts.repo.ts';

/** When a sale is dated, and whether it was taken before the shift it joins. */
export interface SaleClock {
  /** The order's time, business day and token day, and its bill's paid time. */
  at: Date;
  /** Replayed from a device's outbox, taken before the open shift began: a late sale of that shift. */
  takenBeforeShift: boolean;
}

/**
 * When a sale happened, as far as the device that sends it can honestly claim (docs/shifts.md, "Sales
 * replayed from a device"). X-Queued-Ms (parsed by `saleHeaders`) dates it back, up to QUEUED_MAX_MS,
 * but never before the device's session began (it cannot have taken a sale before it signed in), nor
 * before the open shift began (that shift's drawer holds the cash now, and the days before it were
 * counted and read), nor, with no shift open, before the last shift closed (its Z report was read, and
 * a sale dated inside it would be in no shift and no drawer). A sale claimed before the open shift is
 * dated at its opening and marked late; one claimed before the last close is dated at the close, in no
 * shift (late is said of the shift that takes the cash, and none does).
 *
 * Inside the sale's transaction: the newest shift is held FOR SHARE (an open one: a close waits for
 * the sale, so it counts it; one being closed: the read waits for the close and sees its closed_at)
 * and the store row FOR SHARE (a shift open takes it FOR UPDATE, so none opens meanwhile): the shift
 * read here is the one the payment trigger (0026) puts the payment in, or none.
 */
export async function saleClock(
  tx: Tx,
  tc: TenantContext,
  now: Date,
  queuedMs: number | undefined,
): Promise<SaleClock> {
  const claimed = saleTime(now, queuedMs);
  if (claimed.getTime() === now.getTime()) return { at: now, takenBeforeShift: false };
  await storeRepo.getStoreSettings(tx, tc.tenantId, { forShare: true });
  const session = await devicesRepo.sessionStart(tx, tc.tenantId, tc.deviceId);
  const newest = await repo.findNewest(tx, tc.tenantId);
  const shift = newest?.status === 'open' ? newest : undefined;
  const shiftFloor = shift ? shift.openedAt : newest?.closedAt;
  const floor = Math.max(session?.getTime() ?? 0, shiftFloor?.getTime() ?? 0);
  // Never after now, should another node's clock have stamped the session or the shift ahead of ours.
  const at = new Date(Math.min(Math.max(claimed.getTime(), floor), now.getTime()));
  // Late when even the session allows a time before the shift: the device was taking sales then.
  const takenBeforeShift =
    shift !== undefined && Math.max(claimed.getTime(), session?.getTime() ?? 0) < shift.openedAt.getTime();
  return { at, takenBeforeShift };
}
