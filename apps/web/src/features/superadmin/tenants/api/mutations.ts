import type { addTenantSchema, updateTenantSchema } from '@comanda/core';
import type { z } from 'zod';
import { apiRequest } from '../../../../lib/api-client.ts';

type Message = { message: string };

export const addTenant = (body: z.input<typeof addTenantSchema>) =>
  apiRequest<Message & { id: number }>('/superadmin/tenants/add', { method: 'POST', body });

export const updateTenant = ({ id, ...body }: z.input<typeof updateTenantSchema> & { id: number }) =>
  apiRequest<Message>(`/superadmin/tenants/update/${id}`, { method: 'PATCH', body });

export const deleteTenant = (id: number) =>
  apiRequest<Message>(`/superadmin/tenants/delete/${id}`, { method: 'DELETE' });
