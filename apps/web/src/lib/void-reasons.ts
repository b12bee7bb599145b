import { queryOptions } from '@tanstack/react-query';
import type { VoidReason, VoidSettings } from '@comanda/core';
import { apiRequest } from './api-client.ts';

// The owner's void reasons (Settings, Void Reasons): the settings list, the void and cancel dialogs of
// Table Orders and the refund dialog of Invoices all read this one query, so they cannot disagree.

export const voidReasonsQueryKey = ['void-reasons'] as const;

export const voidReasonsQueryOptions = () =>
  queryOptions({
    queryKey: voidReasonsQueryKey,
    queryFn: () => apiRequest<VoidReason[]>('/void-reasons'),
  });

/**
 * GET /settings/void-setting: whether a cancel or a void must name a reason (issue 30, docs/voids.md).
 * Set on Settings, Void Reasons; read by the void dialog of Table Orders.
 */
export const voidSettingsQueryKey = ['settings', 'void'] as const;

export const voidSettingsQueryOptions = () =>
  queryOptions({
    queryKey: voidSettingsQueryKey,
    queryFn: () => apiRequest<VoidSettings>('/settings/void-setting'),
  });
