import type { AddUserInput, UpdateUserInput, User } from '@comanda/core';
import { apiRequest } from '../../app/api-client.ts';

type Message = { message: string };

/** The one query key of the users screen. */
export const usersKey = ['users'] as const;

export const fetchUsers = () => apiRequest<User[]>('/users');

export const addUser = (body: AddUserInput) => apiRequest<Message>('/users/add', { method: 'POST', body });

export const updateUser = ({ username, ...body }: UpdateUserInput & { username: string }) =>
  apiRequest<Message>(`/users/update/${encodeURIComponent(username)}`, { method: 'POST', body });

export const resetUserPassword = ({ username, password }: { username: string; password: string }) =>
  apiRequest<Message>(`/users/update-password/${encodeURIComponent(username)}`, {
    method: 'POST',
    body: { password },
  });

export const deleteUser = (username: string) =>
  apiRequest<Message>(`/users/delete/${encodeURIComponent(username)}`, { method: 'DELETE' });
