import type { Device } from '@comanda/core';
import { type Actor, audit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { fail } from '../../platform/errors.ts';
import { revokeDevice } from '../auth/auth.repo.ts';
import * as repo from './devices.repo.ts';

export function createDevicesService(ctx: AppContext) {
  const { database } = ctx;
  return {
    /** The signed-in user's devices, the current one marked (SPEC §3 Device). */
    async list(actor: Actor & { userId: number; deviceId: number }): Promise<Device[]> {
      const rows = await database.inTenant(actor.tenantId, (tx) =>
        repo.listLiveDevices(tx, actor.tenantId, actor.userId),
      );
      return rows.map((d) => ({
        device_id: d.id,
        device_ip: d.ip,
        device_name: d.name,
        device_location: d.location,
        created_at: d.createdAt.toISOString(),
        isMyDevice: d.id === actor.deviceId,
      }));
    },

    /** Signs one of the user's other devices out at once; the current device cannot be removed. */
    async remove(actor: Actor & { userId: number; deviceId: number }, deviceId: number) {
      if (deviceId === actor.deviceId) throw fail('cannot_remove_current_device');
      await database.inTenant(actor.tenantId, async (tx) => {
        const device = await repo.findOwnLiveDevice(tx, actor.tenantId, actor.userId, deviceId);
        if (!device) throw fail('device_not_found');
        await revokeDevice(tx, actor.tenantId, deviceId, 'removed');
        await audit(tx, actor, { action: 'device.remove', targetType: 'device', targetId: deviceId });
      });
      ctx.events.deviceRevoked(actor.tenantId, deviceId);
      return { message: 'Device removed! It has been logged out.' };
    },
  };
}
export type DevicesService = ReturnType<typeof createDevicesService>;
