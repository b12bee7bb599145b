import { queryOptions } from '@tanstack/react-query';
import type { MoveItemInput, MoveTableInput, MoveTables } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /orders/tables: the tables a group or a line can move to. */
export const moveTablesQueryKey = ['orders', 'tables'] as const;

export const moveTablesQueryOptions = () =>
  queryOptions({
    queryKey: moveTablesQueryKey,
    queryFn: () => apiRequest<MoveTables>('/orders/tables'),
  });

/**
 * The move calls, online only (docs/moves.md): each carries the Idempotency-Key its dialog made when it
 * opened, so a double tap or a retry after a lost answer moves once.
 */
export const moveTable = (body: MoveTableInput, key: string) =>
  apiRequest<{ message: string }>('/orders/move-table', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': key },
  });

export const moveItem = (itemId: number, body: MoveItemInput, key: string) =>
  apiRequest<{ message: string }>(`/orders/move-item/${itemId}`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': key },
  });
