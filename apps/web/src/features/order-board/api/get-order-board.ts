import { queryOptions } from '@tanstack/react-query';
import type { OrderStatusBoard } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /order-status-board: today's token numbers being prepared and ready for pickup. */
export const orderBoardQueryKey = ['order-status-board'] as const;

export const orderBoardQueryOptions = () =>
  queryOptions({
    queryKey: orderBoardQueryKey,
    queryFn: () => apiRequest<OrderStatusBoard>('/order-status-board'),
    // Orders' events refetch it at once (app/realtime-invalidation.ts); this is the safety net of a
    // screen left on all day.
    refetchInterval: 60_000,
  });
