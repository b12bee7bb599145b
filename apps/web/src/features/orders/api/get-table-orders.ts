import { queryOptions } from '@tanstack/react-query';
import type { OrdersInit, TableOrders } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';
import { OFFLINE_READ } from '../../../lib/offline/service-worker.ts';

/** GET /orders: the open orders grouped by table. */
export const tableOrdersQueryKey = ['orders', 'list'] as const;
/** GET /orders/init: print and store settings, payment types, currency. */
export const ordersInitQueryKey = ['orders', 'init'] as const;

export const tableOrdersQueryOptions = () =>
  queryOptions({
    queryKey: tableOrdersQueryKey,
    queryFn: () => apiRequest<TableOrders>('/orders'),
    ...OFFLINE_READ,
  });

export const ordersInitQueryOptions = () =>
  queryOptions({
    queryKey: ordersInitQueryKey,
    queryFn: () => apiRequest<OrdersInit>('/orders/init'),
    ...OFFLINE_READ,
  });
