import type { SessionUser } from '@comanda/core';
import { apiRequest } from '../../app/api-client.ts';

type Message = { message: string };

export const signin = (body: { username: string; password: string }) =>
  apiRequest<Message & { user: SessionUser }>('/auth/signin', { method: 'POST', body, skipRefresh: true });

export const signup = (body: { biz_name: string; username: string; password: string; timezone?: string }) =>
  apiRequest<Message>('/auth/signup', { method: 'POST', body, skipRefresh: true });

export const forgotPassword = (body: { username: string }) =>
  apiRequest<Message>('/auth/forgot-password', { method: 'POST', body, skipRefresh: true });

export const resetPassword = (token: string, body: { password: string }) =>
  apiRequest<Message>(`/auth/reset-password/${encodeURIComponent(token)}`, {
    method: 'POST',
    body,
    skipRefresh: true,
  });
