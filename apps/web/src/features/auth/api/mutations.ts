import type {
  forgotPasswordSchema,
  resetPasswordSchema,
  SessionUser,
  signinSchema,
  signupSchema,
} from '@comanda/core';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

type Message = { message: string };

export const signin = (body: z.input<typeof signinSchema>) =>
  apiRequest<Message & { user: SessionUser }>('/auth/signin', { method: 'POST', body, skipRefresh: true });

/** Sign-up answers the new owner's session user beside SPEC §7's message (issue 31): they are signed in. */
export const signup = (body: z.input<typeof signupSchema>) =>
  apiRequest<Message & { user: SessionUser }>('/auth/signup', { method: 'POST', body, skipRefresh: true });

export const forgotPassword = (body: z.input<typeof forgotPasswordSchema>) =>
  apiRequest<Message>('/auth/forgot-password', { method: 'POST', body, skipRefresh: true });

export const resetPassword = (token: string, body: z.input<typeof resetPasswordSchema>) =>
  apiRequest<Message>(`/auth/reset-password/${encodeURIComponent(token)}`, {
    method: 'POST',
    body,
    skipRefresh: true,
  });
