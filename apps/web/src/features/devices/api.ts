import type { Device } from '@comanda/core';
import { apiRequest } from '../../app/api-client.ts';

export const devicesKey = ['devices'] as const;

export const fetchDevices = () => apiRequest<Device[]>('/auth/devices');

export const removeDevice = (deviceId: number) =>
  apiRequest<{ message: string }>('/auth/remove-device', { method: 'POST', body: { device_id: deviceId } });
