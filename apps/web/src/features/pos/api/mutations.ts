import type {
  CreateOrderAndInvoiceInput,
  CreateOrderInput,
  OrderCreated,
  OrderInvoiced,
} from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

type Message = { message: string };

/**
 * POST /pos/create-order. The order's uuid is also the Idempotency-Key: a retried tap (or a lost answer
 * sent again) answers the order already made instead of a second one.
 */
export const createOrder = (body: CreateOrderInput) =>
  apiRequest<OrderCreated>('/pos/create-order', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': body.uuid },
  });

/** POST /pos/create-order-and-invoice: the order, billed and paid at the server's figures. */
export const createOrderAndInvoice = (body: CreateOrderAndInvoiceInput) =>
  apiRequest<OrderInvoiced>('/pos/create-order-and-invoice', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': body.uuid },
  });

/** POST /pos/qrorders/update-status/{id}: cancels one QR order. */
export const cancelQrOrder = (id: number) =>
  apiRequest<Message>(`/pos/qrorders/update-status/${id}`, {
    method: 'POST',
    body: { status: 'cancelled' },
  });

/** POST /pos/qrorders/cancel-all: cancels every pending QR order. */
export const cancelAllQrOrders = () => apiRequest<Message>('/pos/qrorders/cancel-all', { method: 'POST' });
