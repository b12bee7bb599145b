import type { Device } from '@comanda/core';
import { audit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { fail } from '../../platform/errors.ts';
import * as repo from './devices.repo.ts';

export function createDevicesService(ctx: AppContext) {
  const { database } = ctx;
  return {
    /** The signed-in user's devices, the current one marked (SPEC §3 Device). */
    async list(tc: TenantContext): Promise<Device[]> {
      const rows = await database.inTenant(tc.tenantId, (tx) =>
        repo.listLiveDevices(tx, tc.tenantId, tc.userId),
      );
      return rows.map((d) => ({
        device_id: d.id,
        device_ip: d.ip,
        device_name: d.name,
        device_location: d.location,
        created_at: d.createdAt.toISOString(),
        isMyDevice: d.id === tc.deviceId,
      }));
    },

    /** Signs one of the user's other devices out at once; the current device cannot be removed. */
    async remove(tc: TenantContext, deviceId: number) {
      if (deviceId === tc.deviceId) throw fail('cannot_remove_current_device');
      await database.inTenant(tc.tenantId, async (tx) => {
        const device = await repo.findOwnLiveDevice(tx, tc.tenantId, tc.userId, deviceId);
        if (!device) throw fail('device_not_found');
        await repo.revokeDevice(tx, tc.tenantId, deviceId, 'removed');
        await audit(tx, tc, { action: 'device.remove', targetType: 'device', targetId: deviceId });
      });
      ctx.events.deviceRevoked(tc.tenantId, deviceId);
      return { message: 'Device removed! It has been logged out.' };
    },
  };
}
export type DevicesService = ReturnType<typeof createDevicesService>;
