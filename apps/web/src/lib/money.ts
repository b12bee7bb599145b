import { formatMoney, toMinor } from '@comanda/core';

/** What an answer says about its currency (orders, dashboard, reports): its code and minor digits. */
export interface AnswerCurrency {
  code: string;
  digits: number;
}

/**
 * A server amount (a decimal of the currency) with the currency's symbol and digits, display only:
 * '$1,234.50', '¥1,235'. An amount that is not a non-negative decimal of the currency shows as 0.
 */
export const showAmount = (amount: number, currency: AnswerCurrency) =>
  formatMoney(toMinor(amount, currency.digits) ?? 0, currency.code);
