import { queryOptions } from '@tanstack/react-query';
import type { PaymentTypeSetting } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

export const paymentTypesQueryKey = ['payment-types'] as const;

export const paymentTypesQueryOptions = () =>
  queryOptions({
    queryKey: paymentTypesQueryKey,
    queryFn: () => apiRequest<PaymentTypeSetting[]>('/settings/payment-types'),
  });
