import type { MenuItem } from '@comanda/core';
import { ApiError } from '../../lib/api-client.ts';
import { saveServerDraft } from './api/drafts.ts';
import { cartPayload, readLocalDrafts, repriced, writeLocalDrafts } from './cart.ts';

/**
 * Moves the drafts an earlier version kept in this browser to the signed-in user's account (issue 31),
 * one by one; each moved one leaves the browser. The old list was not kept per store: a draft this
 * store refuses (its items are another store's) stays where it is, untouched and not shown, as does
 * one the server could not be reached for (tried again next time). Answers how many moved.
 */
export async function moveLocalDrafts(menu: ReadonlyMap<number, MenuItem>, digits: number): Promise<number> {
  let left = readLocalDrafts();
  let moved = 0;
  for (const draft of [...left]) {
    const cart = repriced(draft.cart, menu, digits);
    if (cart.length === 0) continue;
    try {
      await saveServerDraft({
        nameRef: draft.nameRef,
        cart: cartPayload(cart, digits),
        deliveryType: draft.deliveryType,
        customerId: draft.customer?.id ?? null,
        tableId: draft.tableId,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) continue;
      return moved;
    }
    left = left.filter((d) => d !== draft);
    writeLocalDrafts(left);
    moved += 1;
  }
  return moved;
}
