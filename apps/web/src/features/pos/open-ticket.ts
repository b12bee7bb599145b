import type { DeliveryType, PickedCustomer, QrOrder } from '@comanda/core';
import { terminalId } from '../../lib/terminal.ts';
import type { CartLine } from './cart.ts';

/**
 * The ticket being taken on this terminal, not yet sent (issue 31). It belongs to the tablet and the
 * store, not to whoever is signed in: it survives a trip to another screen, a reload and another staff
 * member signing in on the same tablet, and is never read by another store's session. Cleared when the
 * ticket is sent, paid, saved as a draft or started anew.
 */
export interface OpenTicket {
  orderUuid: string;
  cart: CartLine[];
  customer: PickedCustomer | null;
  deliveryType: DeliveryType;
  tableId: number | null;
  nameTag: string;
  qrOrder: QrOrder | null;
}

const ticketKey = (tenantId: number) => `comanda.pos.ticket.${tenantId}.${terminalId()}`;

/** The ticket a terminal left open, if any (a corrupt entry reads as none). */
export function readOpenTicket(tenantId: number): OpenTicket | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(ticketKey(tenantId)) ?? 'null') as OpenTicket | null;
    return parsed && typeof parsed.orderUuid === 'string' && Array.isArray(parsed.cart) ? parsed : null;
  } catch {
    return null;
  }
}

/** An empty ticket (no line, no table, no guest) leaves nothing behind. */
export function writeOpenTicket(tenantId: number, ticket: OpenTicket) {
  try {
    if (isBlank(ticket)) localStorage.removeItem(ticketKey(tenantId));
    else localStorage.setItem(ticketKey(tenantId), JSON.stringify(ticket));
  } catch {
    // A full or blocked storage costs only the survival of the ticket, never the sale.
  }
}

export const isBlank = (t: OpenTicket) =>
  t.cart.length === 0 && t.tableId === null && !t.customer && !t.qrOrder && !t.nameTag.trim();

/** Forgets the terminal's ticket at once (a discard on the way out, before the screen unmounts). */
export function clearOpenTicket(tenantId: number) {
  try {
    localStorage.removeItem(ticketKey(tenantId));
  } catch {
    // Nothing kept, nothing to forget.
  }
}
