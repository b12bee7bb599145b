import { formatMoney, toMinor } from '@comanda/core';

/** A server amount (a decimal of the currency) in minor units: the only form arithmetic uses. */
export const minorOf = (amount: number, digits: number) => toMinor(amount, digits) ?? 0;

/** A server amount shown with the currency symbol. */
export const showMoney = (amount: number, currency: { code: string; digits: number }) =>
  formatMoney(minorOf(amount, currency.digits), currency.code);
