import type { SessionUser } from '@comanda/core';
import { apiRequest } from '../../app/api-client.ts';

export const superadminSignin = (body: { username: string; password: string }) =>
  apiRequest<{ message: string; user: SessionUser }>('/superadmin/signin', {
    method: 'POST',
    body,
    skipRefresh: true,
  });
