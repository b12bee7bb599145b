import {
  type BillPart,
  type PartExtras,
  type SplitPaid,
  fromMinor,
  partLineDiscounts,
  partLineKey,
} from '@comanda/core';
import { type PricedBill, presentExtras } from '../discounts/discounts.service.ts';
import type { OrderItemRow } from '../orders/orders.repo.ts';

/** What a paid split answers: the bill, and each part with its line shares and payments (decimals). */
export function presentPaid(input: {
  message: string;
  invoiceId: number;
  figures: { net: number; tax: number; total: number };
  digits: number;
  parts: BillPart[];
  tenders: {
    partNo: number;
    paymentTypeTitle: string;
    amountMinor: number;
    tenderedMinor: number | null;
    changeMinor: number | null;
  }[];
  lines: OrderItemRow[];
  extras: PartExtras[];
  priced: PricedBill;
  tipMinor: number;
}): SplitPaid {
  const { digits } = input;
  const money = (minor: number | null) => (minor === null ? null : fromMinor(minor, digits));
  const byId = new Map(input.lines.map((l) => [l.id, l]));
  const lineDiscounts = partLineDiscounts(input.parts, input.priced.lines);
  const changes = input.tenders.flatMap((t) => (t.changeMinor === null ? [] : [t.changeMinor]));
  return {
    message: input.message,
    invoiceId: input.invoiceId,
    subTotal: fromMinor(input.figures.net, digits),
    taxTotal: fromMinor(input.figures.tax, digits),
    total: fromMinor(input.figures.total, digits),
    change:
      changes.length === 0
        ? null
        : fromMinor(
            changes.reduce((a, b) => a + b, 0),
            digits,
          ),
    ...presentExtras(input.priced, input.tipMinor, digits),
    parts: input.parts.map((p) => ({
      part_no: p.index + 1,
      seat: p.seat,
      sub_total: fromMinor(p.netMinor, digits),
      tax_total: fromMinor(p.taxMinor, digits),
      total: fromMinor(p.totalMinor, digits),
      discount: fromMinor(input.extras[p.index]?.discountMinor ?? 0, digits),
      service_charge: fromMinor(input.extras[p.index]?.serviceChargeMinor ?? 0, digits),
      tip: fromMinor(input.extras[p.index]?.tipMinor ?? 0, digits),
      lines: p.lines.map((l) => {
        const row = byId.get(l.lineId);
        return {
          line_id: l.lineId,
          item_title: row?.itemTitle ?? '',
          seat: row?.seat ?? null,
          share_num: l.shareNum,
          share_den: l.shareDen,
          net: fromMinor(l.netMinor, digits),
          tax: fromMinor(l.taxMinor, digits),
          total: fromMinor(l.totalMinor, digits),
          discount: fromMinor(lineDiscounts.get(partLineKey(p.index, l.lineId)) ?? 0, digits),
        };
      }),
      payments: input.tenders
        .filter((t) => t.partNo === p.index + 1)
        .map((t) => ({
          payment_type: t.paymentTypeTitle,
          amount: fromMinor(t.amountMinor, digits),
          tendered: money(t.tenderedMinor),
          change: money(t.changeMinor),
        })),
    })),
  };
}
