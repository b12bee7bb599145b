import { queryOptions } from '@tanstack/react-query';
import type { LiveFloorPlan, OrderIdsInput } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /orders/floor-plan: every table placed, with its state and since when it is seated. */
export const floorPlanQueryKey = ['orders', 'floor-plan'] as const;

export const floorPlanQueryOptions = () =>
  queryOptions({
    queryKey: floorPlanQueryKey,
    queryFn: () => apiRequest<LiveFloorPlan>('/orders/floor-plan'),
  });

/** POST /orders/receipt-printed: the group's bill was printed, its table reads "Bill printed". */
export const markReceiptPrinted = (body: OrderIdsInput) =>
  apiRequest<{ message: string }>('/orders/receipt-printed', { method: 'POST', body });
