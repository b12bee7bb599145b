import type { QrOrder } from '@comanda/core';

/**
 * The props of the qr-orders feature's strip (issue 31): the POS takes the component from app/routes,
 * since features do not import each other; this one type is what they agree on.
 */
export interface QrOrdersStripProps {
  /** A waiting QR order tapped: open it to accept (the POS loads it into the cart). None: read only. */
  onOpen?: (order: QrOrder) => void;
}
