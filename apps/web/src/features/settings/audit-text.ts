import type { AuditLogEntry } from '@comanda/core';
import { formatMoney } from '@comanda/core';
import type { TFunction } from 'i18next';

/** 'order_item.void' → 'Order item void': how an action without a label of its own still reads. */
export function humanizeAction(action: string): string {
  const text = action.replace(/[._]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** An action's label: its own in the catalogue (auditLog.actions.*), or the action name made readable. */
export function actionLabel(t: TFunction, action: string): string {
  return t(`auditLog.actions.${action}`, { defaultValue: humanizeAction(action) });
}

const SKIPPED = new Set([
  'orderId',
  'orderIds',
  'group',
  'businessDate',
  'refundId',
  'currency',
  'from',
  'to',
  'whole',
]);

function money(minor: unknown, currency: string): string | null {
  return typeof minor === 'number' ? formatMoney(minor, currency) : null;
}

/**
 * An entry's details in one line a manager can read: the item, quantity, reason, amount and payment
 * type first, in words; any other plain value as 'name: value'; structures left out.
 */
export function describeDetails(t: TFunction, entry: AuditLogEntry, storeCurrency: string): string {
  const d = entry.details ?? {};
  const currency = typeof d.currency === 'string' ? d.currency : storeCurrency;
  const parts: string[] = [];
  if (typeof d.item === 'string')
    parts.push(typeof d.quantity === 'number' ? `${d.quantity} × ${d.item}` : d.item);
  if (Array.isArray(d.lines)) {
    const lines = d.lines
      .map((l: unknown) => {
        const line = l as { item?: unknown; quantity?: unknown };
        const quantity = typeof line.quantity === 'number' ? line.quantity : 1;
        return typeof line.item === 'string' ? `${quantity} × ${line.item}` : null;
      })
      .filter((l): l is string => l !== null);
    if (lines.length) parts.push(lines.join(', '));
  }
  if (typeof d.tokenNo === 'number') parts.push(t('auditLog.token', { token: d.tokenNo }));
  const amount = money(d.totalMinor, currency);
  if (amount) parts.push(amount);
  if (typeof d.paymentType === 'string') parts.push(d.paymentType);
  if (d.whole === true) parts.push(t('auditLog.whole'));
  if (typeof d.reason === 'string') parts.push(t('auditLog.reason', { reason: d.reason }));
  if (typeof d.from === 'string' && typeof d.to === 'string') parts.push(`${d.from} → ${d.to}`);
  const known = new Set(['item', 'quantity', 'lines', 'tokenNo', 'totalMinor', 'paymentType', 'reason']);
  for (const [key, value] of Object.entries(d)) {
    if (known.has(key) || SKIPPED.has(key)) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      parts.push(`${key}: ${String(value)}`);
    }
  }
  return parts.join(' · ');
}
