import { queryOptions } from '@tanstack/react-query';
import type { QrOrder } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { OFFLINE_READ } from '../../../lib/offline/service-worker.ts';

/** Every cached QR-order answer (the badge's count and the list) starts with this key. */
export const qrOrdersQueryKey = ['pos', 'qrorders'] as const;

/** GET /pos/qrorders/count: the red badge of the QR Menu Orders button. */
export const qrOrdersCountQueryOptions = () =>
  queryOptions({
    queryKey: [...qrOrdersQueryKey, 'count'],
    queryFn: () => apiRequest<{ totalQROrders: number }>('/pos/qrorders/count'),
    ...OFFLINE_READ,
  });

/** GET /pos/qrorders: the pending QR orders, oldest first. */
export const qrOrdersQueryOptions = () =>
  queryOptions({
    queryKey: [...qrOrdersQueryKey, 'list'],
    queryFn: () => apiRequest<{ qrOrders: QrOrder[] }>('/pos/qrorders'),
  });
