import { currencyDigits, formatMoney, toMinor } from '@comanda/core';

/** A decimal amount from the API shown with the store's currency symbol (display only). */
export function showMoney(amount: number, currency: string): string {
  return formatMoney(toMinor(String(amount), currencyDigits(currency)) ?? 0, currency);
}
