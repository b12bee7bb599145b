import { NumberInput, type NumberInputProps, Text } from '@mantine/core';
import { currencyDigits, currencySymbol } from '@comanda/core';

/**
 * An amount in the store's currency: its symbol in front, its minor-unit digits at most. What is typed
 * stays as typed (−9.50 is not turned into 9.50); the form's validation says what is wrong with it.
 */
export function MoneyInput({ currency, ...props }: NumberInputProps & { currency: string }) {
  const digits = currencyDigits(currency);
  const symbol = currencySymbol(currency);
  return (
    <NumberInput
      clampBehavior="none"
      allowDecimal={digits > 0}
      decimalScale={digits}
      hideControls
      size="md"
      inputMode="decimal"
      leftSection={
        <Text fz="sm" c="dimmed" fw={500}>
          {symbol}
        </Text>
      }
      leftSectionWidth={Math.max(36, symbol.length * 9 + 18)}
      {...props}
    />
  );
}
