import { Text } from '@mantine/core';
import { type AnswerCurrency, showAmount } from '../../../lib/money.ts';

/**
 * An amount in a report table: signed and red when below 0 (a payment type that gave back more than it
 * took, a category whose refunds were more than its sales), so a drawer short of cash is never read as 0.
 */
export function Amount({ amount, currency }: { amount: number; currency: AnswerCurrency }) {
  const shown = showAmount(amount, currency);
  return amount < 0 ? (
    <Text span inherit c="red.8" fw={600} data-negative>
      {shown}
    </Text>
  ) : (
    shown
  );
}
