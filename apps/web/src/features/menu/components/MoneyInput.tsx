import { NumberInput, type NumberInputProps, Text } from '@mantine/core';
import { currencyDigits, currencySymbol } from '@comanda/core';

/** A non-negative amount in the store's currency: its symbol in front, its minor-unit digits at most. */
export function MoneyInput({ currency, ...props }: NumberInputProps & { currency: string }) {
  const digits = currencyDigits(currency);
  const symbol = currencySymbol(currency);
  return (
    <NumberInput
      min={0}
      allowNegative={false}
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
