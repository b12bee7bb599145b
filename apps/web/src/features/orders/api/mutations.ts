import type {
  CompleteAndPayInput,
  OrderIdsInput,
  OrderPaid,
  OrderSummary,
  SETTABLE_ITEM_STATUSES,
} from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

type Message = { message: string };
export type SettableStatus = (typeof SETTABLE_ITEM_STATUSES)[number];

export const updateItemStatus = ({ itemId, status }: { itemId: number; status: SettableStatus }) =>
  apiRequest<Message>(`/orders/update-status/${itemId}`, { method: 'POST', body: { status } });

export const cancelOrders = (body: OrderIdsInput) =>
  apiRequest<Message>('/orders/cancel', { method: 'POST', body });

export const completeOrders = (body: OrderIdsInput) =>
  apiRequest<Message>('/orders/complete', { method: 'POST', body });

/** The bill the group would get, at the server's figures. */
export const paymentSummary = (body: OrderIdsInput) =>
  apiRequest<OrderSummary>('/orders/complete-order-payment-summary', { method: 'POST', body });

/** Pays and completes; the key makes a double tap (or two terminals) one invoice. */
export const completeAndPay = ({ key, ...body }: CompleteAndPayInput & { key: string }) =>
  apiRequest<OrderPaid>('/orders/complete-and-pay-order', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': key },
  });
