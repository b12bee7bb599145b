import { queryOptions } from '@tanstack/react-query';
import type {
  CreateStoreDeviceInput,
  PinPad,
  PinSigninInput,
  SessionUser,
  SetUserPinInput,
  StoreDevice,
  UpdateStoreDeviceInput,
} from '@comanda/core';
import { apiRequest } from '../../lib/api-client.ts';
import type { PinDevice } from '../../lib/store-device.ts';

// Store devices and staff PINs (docs/staff-pins.md).

type Message = { message: string };

/** The pad: it has no session, so a 401 is an answer (the device was revoked), not a refresh. */
export const pinPadQueryOptions = () =>
  queryOptions({
    queryKey: ['pin-pad'],
    queryFn: () => apiRequest<PinPad>('/auth/pin-pad', { skipRefresh: true }),
    retry: false,
  });

export const pinSignin = (body: PinSigninInput) =>
  apiRequest<Message & { user: SessionUser; device: PinDevice }>('/auth/pin-signin', {
    method: 'POST',
    body,
    skipRefresh: true,
  });

/** Input on a PIN session: the server's idle clock starts again. */
export const reportActivity = () =>
  apiRequest<Message>('/auth/pin-session/active', { method: 'POST', skipRefresh: true });

export const storeDevicesQueryOptions = () =>
  queryOptions({
    queryKey: ['store-devices'],
    queryFn: () => apiRequest<StoreDevice[]>('/auth/store-devices'),
  });

export const createStoreDevice = (body: CreateStoreDeviceInput) =>
  apiRequest<Message & { id: number }>('/auth/store-devices', { method: 'POST', body });

export const updateStoreDevice = (id: number, body: UpdateStoreDeviceInput) =>
  apiRequest<StoreDevice>(`/auth/store-devices/${id}`, { method: 'PATCH', body });

export const revokeStoreDevice = (id: number) =>
  apiRequest<Message>(`/auth/store-devices/${id}`, { method: 'DELETE' });

export const pinHoldersQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'pins'],
    queryFn: () => apiRequest<{ usernames: string[] }>('/users/pins'),
  });

export const setUserPin = (username: string, body: SetUserPinInput) =>
  apiRequest<Message>(`/users/${encodeURIComponent(username)}/pin`, { method: 'POST', body });
