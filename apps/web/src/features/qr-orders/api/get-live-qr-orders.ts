import { queryOptions } from '@tanstack/react-query';
import type { LiveQrOrders } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** The strip's answer; stale on every QR order event (app/realtime-invalidation.ts, `qr_orders`). */
export const liveQrOrdersQueryKey = ['qr-orders', 'live'] as const;

/**
 * GET /pos/qrorders/live: the waiting QR orders and those just sent to the kitchen. Events refetch it;
 * the minute poll only lets a "sent" entry leave once its time is up, on a quiet evening.
 */
export const liveQrOrdersQueryOptions = () =>
  queryOptions({
    queryKey: liveQrOrdersQueryKey,
    queryFn: () => apiRequest<LiveQrOrders>('/pos/qrorders/live'),
    refetchInterval: 60_000,
  });
