import type { removeDeviceSchema } from '@comanda/core';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export const removeDevice = (body: z.input<typeof removeDeviceSchema>) =>
  apiRequest<{ message: string }>('/auth/remove-device', { method: 'POST', body });
