import type { KitchenSettingsInput } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

type Message = { message: string };

/** Brings the last bumped ticket back. */
export const recallTicket = () => apiRequest<Message>('/kitchen/recall', { method: 'POST' });

export const saveKitchenSettings = (body: KitchenSettingsInput) =>
  apiRequest<Message>('/kitchen/settings', { method: 'POST', body });
