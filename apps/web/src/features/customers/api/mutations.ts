import type { AddCustomerResult, addCustomerSchema, updateCustomerSchema } from '@comanda/core';
import type { z } from 'zod';
import { apiRequest, downloadFile } from '../../../lib/api-client.ts';

type Message = { message: string };

export const addCustomer = (body: z.input<typeof addCustomerSchema>) =>
  apiRequest<AddCustomerResult>('/customers/add', { method: 'POST', body });

// A customer's path carries their phone, URL-encoded (docs/customers.md "Naming a customer").
export const updateCustomer = ({
  phone,
  ...body
}: z.input<typeof updateCustomerSchema> & { phone: string }) =>
  apiRequest<Message>(`/customers/${encodeURIComponent(phone)}/update`, { method: 'POST', body });

export const deleteCustomer = (phone: string) =>
  apiRequest<Message>(`/customers/${encodeURIComponent(phone)}/delete`, { method: 'DELETE' });

/** Saves every customer as customers.csv. */
export const exportCustomers = () => downloadFile('/customers/export');
