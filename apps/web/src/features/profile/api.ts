import type { SessionUser } from '@comanda/core';
import { apiRequest } from '../../app/api-client.ts';

export const profileKey = ['profile'] as const;

export const fetchMe = () => apiRequest<{ user: SessionUser }>('/auth/me').then((r) => r.user);

export const saveProfile = (body: { name: string; designation: string }) =>
  apiRequest<{ message: string; user: SessionUser }>('/auth/profile', { method: 'POST', body });
