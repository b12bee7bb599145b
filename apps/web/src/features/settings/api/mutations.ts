import type {
  addCategorySchema,
  addPaymentTypeSchema,
  addTaxSchema,
  printSettingsSchema,
  storeSettingsSchema,
  storeTableSchema,
  togglePaymentTypeSchema,
  updateCategorySchema,
  updatePaymentTypeSchema,
  updateTaxSchema,
  VoidReasonInput,
  VoidSettings,
} from '@comanda/core';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

type Message = { message: string };
type WithId<S extends z.ZodType> = z.input<S> & { id: number };

export const saveStoreSettings = (body: z.input<typeof storeSettingsSchema>) =>
  apiRequest<Message>('/settings/store-setting', { method: 'POST', body });

export const savePrintSettings = (body: z.input<typeof printSettingsSchema>) =>
  apiRequest<Message>('/settings/print-setting', { method: 'POST', body });

export const addTable = (body: z.input<typeof storeTableSchema>) =>
  apiRequest<Message>('/settings/store-tables/add', { method: 'POST', body });
export const updateTable = ({ id, ...body }: WithId<typeof storeTableSchema>) =>
  apiRequest<Message>(`/settings/store-tables/${id}/update`, { method: 'POST', body });
export const deleteTable = (id: number) =>
  apiRequest<Message>(`/settings/store-tables/${id}`, { method: 'DELETE' });

export const addCategory = (body: z.input<typeof addCategorySchema>) =>
  apiRequest<Message>('/settings/categories/add', { method: 'POST', body });
export const updateCategory = ({ id, ...body }: WithId<typeof updateCategorySchema>) =>
  apiRequest<Message>(`/settings/categories/${id}/update`, { method: 'POST', body });
export const deleteCategory = (id: number) =>
  apiRequest<Message>(`/settings/categories/${id}`, { method: 'DELETE' });

export const addTax = (body: z.input<typeof addTaxSchema>) =>
  apiRequest<Message>('/settings/taxes/add', { method: 'POST', body });
export const updateTax = ({ id, ...body }: WithId<typeof updateTaxSchema>) =>
  apiRequest<Message>(`/settings/taxes/${id}/update`, { method: 'POST', body });
export const deleteTax = (id: number) => apiRequest<Message>(`/settings/taxes/${id}`, { method: 'DELETE' });

export const addPaymentType = (body: z.input<typeof addPaymentTypeSchema>) =>
  apiRequest<Message>('/settings/payment-types/add', { method: 'POST', body: { ...body, isActive: true } });
export const updatePaymentType = ({ id, ...body }: WithId<typeof updatePaymentTypeSchema>) =>
  apiRequest<Message>(`/settings/payment-types/${id}/update`, { method: 'POST', body });
export const togglePaymentType = ({ id, ...body }: WithId<typeof togglePaymentTypeSchema>) =>
  apiRequest<Message>(`/settings/payment-types/${id}/toggle`, { method: 'POST', body });
/** Marks the payment type that pays a bill sent without one (issue 30). */
export const makeDefaultPaymentType = (id: number) =>
  apiRequest<Message>(`/settings/payment-types/${id}/default`, { method: 'POST' });
export const deletePaymentType = (id: number) =>
  apiRequest<Message>(`/settings/payment-types/${id}`, { method: 'DELETE' });

export const addVoidReason = (body: VoidReasonInput) =>
  apiRequest<Message>('/settings/void-reasons/add', { method: 'POST', body });
export const updateVoidReason = ({ id, ...body }: VoidReasonInput & { id: number }) =>
  apiRequest<Message>(`/settings/void-reasons/${id}/update`, { method: 'POST', body });
export const deleteVoidReason = (id: number) =>
  apiRequest<Message>(`/settings/void-reasons/${id}`, { method: 'DELETE' });

export const saveVoidSettings = (body: VoidSettings) =>
  apiRequest<Message>('/settings/void-setting', { method: 'POST', body });
