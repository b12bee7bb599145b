import type { profileSchema, SessionUser } from '@comanda/core';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export const saveProfile = (body: z.input<typeof profileSchema>) =>
  apiRequest<{ message: string; user: SessionUser }>('/auth/profile', { method: 'POST', body });
