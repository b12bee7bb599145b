import { formatMoney, toMinor } from '@comanda/core';

/** What an answer says about its currency (orders, dashboard, reports): its code and minor digits. */
export interface AnswerCurrency {
  code: string;
  digits: number;
}

/** The minus sign a negative amount is shown with (U+2212: read "minus", as wide as a digit's plus). */
export const MINUS = '\u2212';

/**
 * A server amount (a decimal of the currency) with the currency's symbol and digits, display only:
 * '$1,234.50', '¥1,235', and a negative one signed: '−$36.63' (a day whose refunds were more than its
 * takings). An amount that is not a decimal of the currency shows as 0.
 */
export const showAmount = (amount: number, currency: AnswerCurrency) => {
  const minor = toMinor(Math.abs(amount), currency.digits) ?? 0;
  const shown = formatMoney(minor, currency.code);
  return amount < 0 && minor > 0 ? `${MINUS}${shown}` : shown;
};
