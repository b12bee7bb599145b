import type { SessionUser, superadminSigninSchema } from '@comanda/core';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export const superadminSignin = (body: z.input<typeof superadminSigninSchema>) =>
  apiRequest<{ message: string; user: SessionUser }>('/superadmin/signin', {
    method: 'POST',
    body,
    skipRefresh: true,
  });
