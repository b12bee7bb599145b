import {
  type Shift,
  type ShiftMovement,
  type ZReport,
  type ZReportStaff,
  currencyDigits,
  currencySymbol,
  fromMinor,
} from '@comanda/core';
import type { MovementRow, ShiftRow, ZFigures } from './shifts.repo.ts';

/** The currency block the screens format amounts with. */
export function presentCurrency(code: string) {
  return { code, symbol: currencySymbol(code), digits: currencyDigits(code) };
}

/** A shift as the API answers it: decimals of its currency. */
export function presentShift(row: ShiftRow): Shift {
  const digits = currencyDigits(row.currency);
  return {
    id: row.id,
    status: row.status,
    currency: row.currency,
    float: fromMinor(row.floatMinor, digits),
    opened_by: row.openedByName,
    opened_at: row.openedAt.toISOString(),
    closed_by: row.closedByName,
    closed_at: row.closedAt?.toISOString() ?? null,
  };
}

export function presentMovement(row: MovementRow, digits: number): ShiftMovement {
  return {
    id: row.id,
    kind: row.kind,
    amount: fromMinor(row.amountMinor, digits),
    note: row.note,
    by: row.createdByName,
    at: row.createdAt.toISOString(),
  };
}

/** The Z report's figures (minor units, shifts.repo.ts `zReport`) as the API answers them. */
export function presentZReport(
  shift: ShiftRow,
  store: { storeName: string; address: string; phone: string },
  timezone: string,
  z: ZFigures,
  staff: ZReportStaff[],
): ZReport {
  const digits = currencyDigits(shift.currency);
  const money = (minor: number) => fromMinor(minor, digits);
  const countOf = (c: { count: number; amount: number }) => ({ count: c.count, amount: money(c.amount) });
  return {
    store: { name: store.storeName, address: store.address, phone: store.phone, timezone },
    shift: presentShift(shift),
    currency: presentCurrency(shift.currency),
    sales: {
      bills: z.sales.bills,
      net: money(z.sales.net),
      tax: money(z.sales.tax),
      total: money(z.sales.total),
    },
    discounts: money(z.discounts),
    tips: money(z.tips),
    service_charge: money(z.serviceCharge),
    voids: countOf(z.voids),
    refunds: countOf(z.refunds),
    taken_before_shift: countOf(z.takenBeforeShift),
    payments: z.payments.map((p) => ({
      title: p.title,
      is_cash: p.isCash,
      count: p.count,
      amount: money(p.amount),
    })),
    pay_ins: countOf(z.payIns),
    pay_outs: countOf(z.payOuts),
    no_sales: z.noSales,
    movements: z.movements.map((m) => presentMovement(m, digits)),
    tenders: z.tenders.map((t) => ({
      key: t.key,
      title: t.title,
      is_cash: t.isCash,
      expected: money(t.expectedMinor),
      counted: t.countedMinor === null ? null : money(t.countedMinor),
      difference: t.differenceMinor === null ? null : money(t.differenceMinor),
    })),
    staff,
  };
}
