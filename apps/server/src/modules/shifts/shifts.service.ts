import {
  type CurrentShift,
  SHIFTS_LIST_MAX,
  type closeShiftSchema,
  currencyDigits,
  type openShiftSchema,
  type shiftMovementSchema,
  toMinor,
} from '@comanda/core';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail, invalid } from '../../platform/errors.ts';
import { once } from '../../platform/idempotency/idempotency.ts';
import * as storeRepo from '../store/store.repo.ts';
import * as tenantsRepo from '../tenants/tenants.repo.ts';
import * as usersRepo from '../users/users.repo.ts';
import { whoWorked } from '../timeclock/timeclock.service.ts';
import { presentCurrency, presentMovement, presentShift, presentZReport } from './shifts.presenter.ts';
import * as repo from './shifts.repo.ts';

const MOVED = {
  pay_in: 'Pay in recorded!',
  pay_out: 'Pay out recorded!',
  no_sale: 'Drawer opened!',
} as const;

/** The acting user's name as it is now: shifts keep it, so the Z report still says who after a rename. */
async function nameOf(tx: Tx, tc: TenantContext) {
  return (await usersRepo.findUser(tx, tc.tenantId, tc.userId))?.name || tc.username;
}

/** An amount in the shift's minor units, or the field's message (too many decimals, too large). */
function minorOf(value: string, currency: string, message: string) {
  const minor = toMinor(value, currencyDigits(currency));
  if (minor === null) throw invalid(message);
  return minor;
}

/** The shift a drawer action names, open: another tenant's is 404, a closed one 409. */
async function openShift(tx: Tx, tenantId: number, id: number, lock: 'update' | 'share') {
  const shift = await repo.findShift(tx, tenantId, id, { lock });
  if (!shift) throw fail('shift_not_found');
  if (shift.status !== 'open') throw fail('shift_closed');
  return shift;
}

/**
 * Shifts (issue 15, docs/shifts.md): one open shift per store, a float, pay ins and outs, "No sale"
 * drawer openings, a close that counts each payment type against what was expected, and the Z report.
 * Payments join the open shift in the database (migration 0018), so no billing code calls this.
 */
export function createShiftsService(ctx: AppContext) {
  const { database } = ctx;

  async function report(tx: Tx, tenantId: number, shift: repo.ShiftRow) {
    const store = await storeRepo.getStoreSettings(tx, tenantId);
    const timezone = await tenantsRepo.getTimezone(tx, tenantId);
    const now = ctx.now();
    // Who was on the time clock during the shift (issue 31, docs/timeclock.md).
    const staff = await whoWorked(tx, tenantId, { from: shift.openedAt, until: shift.closedAt ?? now }, now);
    return presentZReport(shift, store, timezone, await repo.zReport(tx, tenantId, shift, now), staff);
  }

  return {
    /** GET /shifts/current: the open shift, its movements and the lines to count, no expected figures. */
    async current(tc: TenantContext): Promise<CurrentShift> {
      return database.inTenant(tc.tenantId, async (tx) => {
        const shift = await repo.findOpen(tx, tc.tenantId);
        const timezone = await tenantsRepo.getTimezone(tx, tc.tenantId);
        if (!shift) {
          const { currency } = await storeRepo.getStoreSettings(tx, tc.tenantId);
          return { shift: null, movements: [], tenders: [], currency: presentCurrency(currency), timezone };
        }
        const digits = currencyDigits(shift.currency);
        const movements = await repo.listMovements(tx, tc.tenantId, shift.id);
        const tenders = await repo.expectedTenders(tx, tc.tenantId, shift);
        return {
          shift: presentShift(shift),
          movements: movements.map((m) => presentMovement(m, digits)),
          tenders: tenders.map((t) => ({ key: t.key, title: t.title, is_cash: t.isCash })),
          currency: presentCurrency(shift.currency),
          timezone,
        };
      });
    },

    /** POST /shifts/open: a new shift with its float, in the store currency; one open at a time. */
    async open(tc: TenantContext, input: z.output<typeof openShiftSchema>, key: string | undefined) {
      return database.inTenant(tc.tenantId, async (tx, emit) => {
        const request = { route: 'POST /shifts/open', body: input };
        const { answer } = await once(tx, tc.tenantId, key, request, async () => {
          // FOR UPDATE: a replayed sale dated by the shift open now (sale-clock.ts) holds the store row
          // FOR SHARE, so no shift opens between its reading and its payment.
          const { currency } = await storeRepo.getStoreSettings(tx, tc.tenantId, { forUpdate: true });
          const floatMinor = minorOf(input.float, currency, 'Please provide a valid float amount!');
          // A second open racing this one is stopped by shifts_one_open_key (the same 409).
          if (await repo.findOpen(tx, tc.tenantId)) throw fail('shift_already_open');
          const shift = await repo.insertShift(tx, tc.tenantId, {
            currency,
            floatMinor,
            openedBy: tc.userId,
            openedByName: await nameOf(tx, tc),
            openedAt: ctx.now(),
          });
          await audit(tx, tc, {
            action: 'shift.open',
            targetType: 'shift',
            targetId: shift.id,
            details: { floatMinor, currency },
          });
          emit('shift_updated', { shiftId: shift.id });
          return { message: 'Shift opened!', shift: presentShift(shift) };
        });
        return answer;
      });
    },

    /** POST /shifts/{id}/movements: a pay in or out with its note, or a "No sale" drawer opening. */
    async move(
      tc: TenantContext,
      shiftId: number,
      input: z.output<typeof shiftMovementSchema>,
      key: string | undefined,
    ) {
      return database.inTenant(tc.tenantId, async (tx, emit) => {
        const request = { route: 'POST /shifts/:id/movements', body: { id: shiftId, ...input } };
        const { answer } = await once(tx, tc.tenantId, key, request, async () => {
          const shift = await openShift(tx, tc.tenantId, shiftId, 'share');
          const amountMinor =
            input.kind === 'no_sale'
              ? 0
              : minorOf(input.amount, shift.currency, 'Please provide a valid amount!');
          const movement = await repo.insertMovement(tx, tc.tenantId, {
            shiftId,
            kind: input.kind,
            amountMinor,
            note: input.note ?? null,
            createdBy: tc.userId,
            createdByName: await nameOf(tx, tc),
            createdAt: ctx.now(),
          });
          await audit(tx, tc, {
            action: `shift.${input.kind}`,
            targetType: 'shift',
            targetId: shiftId,
            details: { movementId: movement.id, amountMinor, note: movement.note },
          });
          emit('shift_updated', { shiftId });
          return { message: MOVED[input.kind] };
        });
        return answer;
      });
    },

    /**
     * POST /shifts/{id}/close: the counted amounts against the expected, stored with the difference, and
     * the shift closed for good; answers the Z report. The shift is locked first (FOR UPDATE): a payment
     * being recorded meanwhile is counted (the close waits for it) or goes without a shift (it waits for
     * the close), never into a closed one.
     */
    async close(
      tc: TenantContext,
      shiftId: number,
      input: z.output<typeof closeShiftSchema>,
      key: string | undefined,
    ) {
      return database.inTenant(tc.tenantId, async (tx, emit) => {
        const request = { route: 'POST /shifts/:id/close', body: { id: shiftId, ...input } };
        const { answer } = await once(tx, tc.tenantId, key, request, async () => {
          const shift = await openShift(tx, tc.tenantId, shiftId, 'update');
          const lines = await repo.expectedTenders(tx, tc.tenantId, shift);
          const counted = new Map<string, number>();
          for (const c of input.counts) {
            if (counted.has(c.key) || !lines.some((l) => l.key === c.key)) throw fail('count_line_unknown');
            counted.set(c.key, minorOf(c.counted, shift.currency, 'Please provide a valid counted amount!'));
          }
          if (lines.some((l) => l.isCash && !counted.has(l.key))) throw fail('cash_not_counted');
          const rows = lines.map((l) => {
            const c = counted.get(l.key) ?? null;
            return {
              shiftId,
              lineKey: l.key,
              paymentTypeId: l.paymentTypeId,
              title: l.title,
              isCash: l.isCash,
              expectedMinor: l.expectedMinor,
              countedMinor: c,
              differenceMinor: c === null ? null : c - l.expectedMinor,
            };
          });
          await repo.insertCounts(tx, tc.tenantId, rows);
          const closed = await repo.closeShift(tx, tc.tenantId, shift, {
            closedBy: tc.userId,
            closedByName: await nameOf(tx, tc),
            closedAt: ctx.now(),
          });
          if (!closed) throw fail('shift_closed');
          await audit(tx, tc, {
            action: 'shift.close',
            targetType: 'shift',
            targetId: shiftId,
            details: {
              counts: rows.map((r) => ({
                key: r.lineKey,
                title: r.title,
                expectedMinor: r.expectedMinor,
                countedMinor: r.countedMinor,
                differenceMinor: r.differenceMinor,
              })),
            },
          });
          emit('shift_updated', { shiftId });
          return { message: 'Shift closed!', report: await report(tx, tc.tenantId, closed) };
        });
        return answer;
      });
    },

    /** GET /shifts: the newest shifts, open or closed. */
    async list(tc: TenantContext) {
      return database.inTenant(tc.tenantId, async (tx) => {
        const rows = await repo.listShifts(tx, tc.tenantId, SHIFTS_LIST_MAX + 1);
        return {
          shifts: rows.slice(0, SHIFTS_LIST_MAX).map(presentShift),
          truncated: rows.length > SHIFTS_LIST_MAX,
        };
      });
    },

    /** GET /shifts/{id}/z-report: a shift's Z report (so far, while it is open); another tenant's is 404. */
    async zReport(tc: TenantContext, shiftId: number) {
      return database.inTenant(tc.tenantId, async (tx) => {
        const shift = await repo.findShift(tx, tc.tenantId, shiftId);
        if (!shift) throw fail('shift_not_found');
        return report(tx, tc.tenantId, shift);
      });
    },
  };
}

export type ShiftsService = ReturnType<typeof createShiftsService>;
