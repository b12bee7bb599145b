import type { DeliveryType } from './orders.schemas.ts';
import type { PrintSettings } from './settings.schemas.ts';

/**
 * Whether a Send prints the order's token (issue 31, docs/orders.md "Tokens"): only when printing and
 * tokens are on, and for a dine-in order only when the owner switched on "Print token for dine-in". A
 * takeaway or delivery guest waits with the token; a dine-in table is served where it sits.
 */
export function shouldPrintToken(
  deliveryType: DeliveryType,
  settings: Pick<PrintSettings, 'isEnablePrint' | 'printToken' | 'printTokenDineIn'>,
): boolean {
  if (!settings.isEnablePrint || !settings.printToken) return false;
  return deliveryType !== 'dinein' || settings.printTokenDineIn;
}
