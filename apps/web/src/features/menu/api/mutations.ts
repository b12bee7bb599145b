import type { addonSchema, menuItemSchema, variantSchema } from '@comanda/core';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

type Message = { message: string };
export type MenuItemBody = z.input<typeof menuItemSchema>;
/** Variants and addons share their calls, under /menu-items/variants and /menu-items/addons. */
export type OptionKind = 'variant' | 'addon';
export type OptionBody = z.input<typeof variantSchema> | z.input<typeof addonSchema>;

export const addMenuItem = (body: MenuItemBody) =>
  apiRequest<Message & { id: number }>('/menu-items/add', { method: 'POST', body });
export const updateMenuItem = ({ id, ...body }: MenuItemBody & { id: number }) =>
  apiRequest<Message>(`/menu-items/update/${id}`, { method: 'POST', body });
export const deleteMenuItem = (id: number) =>
  apiRequest<Message>(`/menu-items/delete/${id}`, { method: 'DELETE' });

export const uploadMenuItemPhoto = ({ id, image }: { id: number; image: Blob & { name?: string } }) => {
  const form = new FormData();
  form.append('image', image, image.name ?? 'image');
  return apiRequest<Message & { imageURL: string }>(`/menu-items/update/${id}/upload-photo`, {
    method: 'POST',
    body: form,
  });
};
export const removeMenuItemPhoto = (id: number) =>
  apiRequest<Message>(`/menu-items/update/${id}/remove-photo`, { method: 'POST' });

const optionBase = (kind: OptionKind, itemId: number) =>
  `/menu-items/${kind === 'variant' ? 'variants' : 'addons'}/${itemId}`;

export const addOption = ({ kind, itemId, ...body }: OptionBody & { kind: OptionKind; itemId: number }) =>
  apiRequest<Message>(`${optionBase(kind, itemId)}/add`, { method: 'POST', body });
export const updateOption = ({
  kind,
  itemId,
  optionId,
  ...body
}: OptionBody & { kind: OptionKind; itemId: number; optionId: number }) =>
  apiRequest<Message>(`${optionBase(kind, itemId)}/update/${optionId}`, { method: 'POST', body });
export const deleteOption = ({
  kind,
  itemId,
  optionId,
}: {
  kind: OptionKind;
  itemId: number;
  optionId: number;
}) => apiRequest<Message>(`${optionBase(kind, itemId)}/delete/${optionId}`, { method: 'DELETE' });
