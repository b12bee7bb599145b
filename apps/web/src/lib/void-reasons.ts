import { queryOptions } from '@tanstack/react-query';
import type { VoidReason } from '@comanda/core';
import { apiRequest } from './api-client.ts';

// The owner's void reasons (Settings, Void Reasons): the settings list, the void and cancel dialogs of
// Table Orders and the refund dialog of Invoices all read this one query, so they cannot disagree.

export const voidReasonsQueryKey = ['void-reasons'] as const;

export const voidReasonsQueryOptions = () =>
  queryOptions({
    queryKey: voidReasonsQueryKey,
    queryFn: () => apiRequest<VoidReason[]>('/void-reasons'),
  });
