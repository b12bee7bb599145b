import type { KitchenSettingsInput } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

type Message = { message: string };

/** 'Start Making' (created → preparing) or 'Complete' (preparing → completed). */
export const setKitchenItemStatus = ({
  itemId,
  status,
}: {
  itemId: number;
  status: 'preparing' | 'completed';
}) => apiRequest<Message>(`/kitchen/${itemId}`, { method: 'POST', body: { status } });

/** Clears a whole ticket from the display. */
export const bumpTicket = (orderId: number) =>
  apiRequest<Message>(`/kitchen/orders/${orderId}/bump`, { method: 'POST' });

/** Brings the last bumped ticket back. */
export const recallTicket = () => apiRequest<Message>('/kitchen/recall', { method: 'POST' });

export const saveKitchenSettings = (body: KitchenSettingsInput) =>
  apiRequest<Message>('/kitchen/settings', { method: 'POST', body });
