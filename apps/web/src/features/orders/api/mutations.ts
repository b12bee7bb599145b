import type { OrderIdsInput, OrderSummary, SETTABLE_ITEM_STATUSES } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { type ShownGroup, isLocal } from '../device-changes.ts';

export type SettableStatus = (typeof SETTABLE_ITEM_STATUSES)[number];

/**
 * A call on a whole table group, as the outbox holds it: the orders the server has by id, those sent
 * from this device and not yet synced by uuid (their ids are filled in on replay, lib/offline/sync.ts).
 */
export function groupCall(group: ShownGroup, path: string, body: object) {
  return {
    path,
    body: { ...body, orderIds: group.orders.filter((o) => !isLocal(o)).map((o) => o.id) },
    orderUuids: group.orders.filter(isLocal).map((o) => o.uuid),
    order: null,
    preview: null,
  };
}

/** The bill the group would get, at the server's figures. */
export const paymentSummary = (body: OrderIdsInput) =>
  apiRequest<OrderSummary>('/orders/complete-order-payment-summary', { method: 'POST', body });
