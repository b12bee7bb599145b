import type { Category, PaymentType, PrintSettings, StoreSettings, StoreTable, Tax } from '@comanda/core';
import { apiRequest } from '../../app/api-client.ts';

type Message = { message: string };

// Query keys of the settings screens, written once.
export const settingsKeys = {
  store: ['settings', 'store'] as const,
  print: ['settings', 'print'] as const,
  tables: ['settings', 'tables'] as const,
  categories: ['settings', 'categories'] as const,
  taxes: ['settings', 'taxes'] as const,
  paymentTypes: ['settings', 'payment-types'] as const,
};

export const fetchStoreSettings = () => apiRequest<StoreSettings>('/settings/store-setting');
export const saveStoreSettings = (body: Omit<StoreSettings, 'image' | 'uniqueQRCode'>) =>
  apiRequest<Message>('/settings/store-setting', { method: 'POST', body });

export const fetchPrintSettings = () => apiRequest<PrintSettings>('/settings/print-setting');
export const savePrintSettings = (body: PrintSettings) =>
  apiRequest<Message>('/settings/print-setting', { method: 'POST', body });

export interface TableInput {
  title: string;
  floor: string;
  seatingCapacity: number | string;
}
export const fetchTables = () => apiRequest<StoreTable[]>('/settings/store-tables');
export const addTable = (body: TableInput) =>
  apiRequest<Message>('/settings/store-tables/add', { method: 'POST', body });
export const updateTable = ({ id, ...body }: TableInput & { id: number }) =>
  apiRequest<Message>(`/settings/store-tables/${id}/update`, { method: 'POST', body });
export const deleteTable = (id: number) =>
  apiRequest<Message>(`/settings/store-tables/${id}`, { method: 'DELETE' });

export const fetchCategories = () => apiRequest<Category[]>('/settings/categories');
export const addCategory = (body: { title: string }) =>
  apiRequest<Message>('/settings/categories/add', { method: 'POST', body });
export const updateCategory = ({ id, ...body }: { id: number; title: string }) =>
  apiRequest<Message>(`/settings/categories/${id}/update`, { method: 'POST', body });
export const deleteCategory = (id: number) =>
  apiRequest<Message>(`/settings/categories/${id}`, { method: 'DELETE' });

export interface TaxInput {
  title: string;
  rate: number | string;
  type: string;
}
export const fetchTaxes = () => apiRequest<Tax[]>('/settings/taxes');
export const addTax = (body: TaxInput) =>
  apiRequest<Message>('/settings/taxes/add', { method: 'POST', body });
export const updateTax = ({ id, ...body }: TaxInput & { id: number }) =>
  apiRequest<Message>(`/settings/taxes/${id}/update`, { method: 'POST', body });
export const deleteTax = (id: number) => apiRequest<Message>(`/settings/taxes/${id}`, { method: 'DELETE' });

export const fetchPaymentTypes = () => apiRequest<PaymentType[]>('/settings/payment-types');
export const addPaymentType = (body: { title: string }) =>
  apiRequest<Message>('/settings/payment-types/add', { method: 'POST', body: { ...body, isActive: true } });
export const updatePaymentType = ({ id, ...body }: { id: number; title: string; isActive: boolean }) =>
  apiRequest<Message>(`/settings/payment-types/${id}/update`, { method: 'POST', body });
export const togglePaymentType = ({ id, isActive }: { id: number; isActive: boolean }) =>
  apiRequest<Message>(`/settings/payment-types/${id}/toggle`, { method: 'POST', body: { isActive } });
export const deletePaymentType = (id: number) =>
  apiRequest<Message>(`/settings/payment-types/${id}`, { method: 'DELETE' });
