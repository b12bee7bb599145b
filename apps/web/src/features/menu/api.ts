import type { Category, MenuItem, StoreSettings, Tax, menuItemSchema, variantSchema } from '@comanda/core';
import type { z } from 'zod';
import { apiRequest } from '../../app/api-client.ts';

type Message = { message: string };
export type MenuItemBody = z.output<typeof menuItemSchema>;
export type OptionBody = z.output<typeof variantSchema>;
/** Variants and addons share their calls, under /menu-items/variants and /menu-items/addons. */
export type OptionKind = 'variant' | 'addon';

// Query keys of the menu screens, written once. Invalidating `items` also refreshes every item's detail.
export const menuKeys = {
  items: ['menu', 'items'] as const,
  item: (id: number) => ['menu', 'items', id] as const,
  categories: ['menu', 'categories'] as const,
  taxes: ['menu', 'taxes'] as const,
  store: ['menu', 'store'] as const,
};

export const fetchMenuItems = () => apiRequest<MenuItem[]>('/menu-items');
export const fetchMenuItem = (id: number) => apiRequest<MenuItem>(`/menu-items/${id}`);
export const fetchCategories = () => apiRequest<Category[]>('/settings/categories');
export const fetchTaxes = () => apiRequest<Tax[]>('/settings/taxes');
/** The menu screens read only the store's currency from its settings. */
export const fetchStoreCurrency = () =>
  apiRequest<StoreSettings>('/settings/store-setting').then((s) => s.currency);

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
