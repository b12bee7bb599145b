import type { AddCustomerResult, addCustomerSchema, updateCustomerSchema } from '@comanda/core';
import type { z } from 'zod';
import { apiRequest, downloadFile } from '../../../lib/api-client.ts';

type Message = { message: string };

export const addCustomer = (body: z.input<typeof addCustomerSchema>) =>
  apiRequest<AddCustomerResult>('/customers/add', { method: 'POST', body });

export const updateCustomer = ({ id, ...body }: z.input<typeof updateCustomerSchema> & { id: number }) =>
  apiRequest<Message>(`/customers/${id}/update`, { method: 'POST', body });

export const deleteCustomer = (id: number) =>
  apiRequest<Message>(`/customers/${id}/delete`, { method: 'DELETE' });

/** Saves every customer as customers.csv. */
export const exportCustomers = () => downloadFile('/customers/export');
