import { deviceSchema, messageSchema, removeDeviceSchema } from '@comanda/core';
import { z } from 'zod';
import { tenantContext } from '../../platform/auth.ts';
import { type Api, errorResponses } from '../../platform/http.ts';
import type { DevicesService } from './devices.service.ts';

/** /auth/devices: the "My Devices" screen (SPEC §2 Devices, §7). */
export function devicesRoutes(app: Api, deps: { devices: DevicesService }) {
  app.get(
    '/auth/devices',
    {
      schema: { tags: ['devices'], response: { 200: z.array(deviceSchema), ...errorResponses } },
      config: { access: { screen: 'devices' } },
    },
    async (request) => deps.devices.list(tenantContext(request)),
  );

  app.post(
    '/auth/remove-device',
    {
      schema: {
        tags: ['devices'],
        body: removeDeviceSchema,
        response: { 200: messageSchema, ...errorResponses },
      },
      config: { access: { screen: 'devices' } },
    },
    async (request) => deps.devices.remove(tenantContext(request), request.body.device_id),
  );
}
