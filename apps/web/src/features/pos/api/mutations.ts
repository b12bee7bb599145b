import type { CreateOrderAndInvoiceInput, CreateOrderInput } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';
import type { NewOutboxEntry } from '../../../lib/offline/outbox.ts';

type Message = { message: string };

/**
 * What this POS sends: always its own UUIDs, for the order and each line (the API makes them for a
 * client without, SPEC §7), so that a replay from the outbox is the same order; and a payment to pay.
 */
export type PosOrderInput = CreateOrderInput & { uuid: string };
export type PosPaidOrderInput = CreateOrderAndInvoiceInput &
  PosOrderInput & { payment: NonNullable<CreateOrderAndInvoiceInput['payment']> };

/**
 * POST /pos/create-order, as the outbox replays it. The order's uuid is also the Idempotency-Key: a
 * retried tap, a lost answer sent again or a replay from another tab answers the order already made.
 */
export const orderCall = (
  tenantId: number,
  body: PosOrderInput,
  provisionalToken: string,
  label: string,
): NewOutboxEntry => ({
  key: body.uuid,
  tenantId,
  kind: 'send',
  path: '/pos/create-order',
  body,
  orderUuids: [],
  order: { uuid: body.uuid, provisionalToken },
  preview: null,
  label,
});

/** POST /pos/create-order-and-invoice: the order, billed and paid at the server's figures. */
export const payCall = (
  tenantId: number,
  body: PosPaidOrderInput,
  provisionalToken: string,
  label: string,
): NewOutboxEntry => ({
  ...orderCall(tenantId, body, provisionalToken, label),
  kind: 'pay',
  path: '/pos/create-order-and-invoice',
});

/** POST /pos/qrorders/update-status/{id}: cancels one QR order. */
export const cancelQrOrder = (id: number) =>
  apiRequest<Message>(`/pos/qrorders/update-status/${id}`, {
    method: 'POST',
    body: { status: 'cancelled' },
  });

/** POST /pos/qrorders/cancel-all: cancels every pending QR order. */
export const cancelAllQrOrders = () => apiRequest<Message>('/pos/qrorders/cancel-all', { method: 'POST' });
