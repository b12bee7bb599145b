import type { addUserSchema, resetUserPasswordSchema, updateUserSchema } from '@comanda/core';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

type Message = { message: string };
type ByUsername<S extends z.ZodType> = z.input<S> & { username: string };

export const addUser = (body: z.input<typeof addUserSchema>) =>
  apiRequest<Message>('/users/add', { method: 'POST', body });

export const updateUser = ({ username, ...body }: ByUsername<typeof updateUserSchema>) =>
  apiRequest<Message>(`/users/update/${encodeURIComponent(username)}`, { method: 'POST', body });

export const resetUserPassword = ({ username, ...body }: ByUsername<typeof resetUserPasswordSchema>) =>
  apiRequest<Message>(`/users/update-password/${encodeURIComponent(username)}`, { method: 'POST', body });

export const deleteUser = (username: string) =>
  apiRequest<Message>(`/users/delete/${encodeURIComponent(username)}`, { method: 'DELETE' });
