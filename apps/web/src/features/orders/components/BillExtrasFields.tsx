import {
  Alert,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type BillSettings, currencySymbol, minorAsDecimal, percentOf } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import type { ExtrasFigures, ExtrasInput } from '../bill-extras.ts';

const TIP_PERCENTS = [10, 15, 20];

/**
 * Discount (percent or amount off the whole bill, with a reason), Tip (an amount or 10/15/20 % of the
 * bill) and, when the store charges service for parties, Guests. Shared by Pay & Complete and Split &
 * pay (which takes each part's tip on the part, so `withTip` is off there).
 */
export function BillExtrasFields({
  value,
  onChange,
  figures,
  settings,
  currency,
  canApprove,
  withTip = true,
}: {
  value: ExtrasInput;
  onChange: (next: ExtrasInput) => void;
  figures: ExtrasFigures;
  settings: BillSettings | undefined;
  currency: { code: string; digits: number };
  /** The user may give a discount above the threshold (MANAGER or admin). */
  canApprove: boolean;
  withTip?: boolean;
}) {
  const { t } = useTranslation('orders');
  const { code, digits } = currency;
  const set = (patch: Partial<ExtrasInput>) => onChange({ ...value, ...patch });
  const charges = (settings?.serviceChargePercent ?? 0) > 0;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={2} spacing="sm">
        <Stack gap={4}>
          <Text fz="sm" fw={500} id="discount-label">
            {t('extras.discount')}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <SegmentedControl
              aria-label={t('extras.discountKind')}
              value={value.kind}
              onChange={(kind) => set({ kind: kind === 'amount' ? 'amount' : 'percent' })}
              data={[
                { value: 'percent', label: '%' },
                { value: 'amount', label: currencySymbol(code) },
              ]}
            />
            <NumberInput
              aria-labelledby="discount-label"
              value={value.value}
              onChange={(v) => set({ value: v })}
              min={0}
              allowNegative={false}
              decimalScale={value.kind === 'percent' ? 2 : digits}
              hideControls
              inputMode="decimal"
              style={{ flex: 1 }}
              data-testid="discount-value"
            />
          </Group>
        </Stack>
        <TextInput
          label={t('extras.reason')}
          value={value.reason}
          onChange={(e) => set({ reason: e.currentTarget.value })}
          maxLength={200}
          error={figures.reasonMissing ? t('Please give a reason for the discount!') : undefined}
          data-testid="discount-reason"
        />
      </SimpleGrid>
      {withTip && (
        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <NumberInput
              label={t('extras.tip')}
              value={value.tip}
              onChange={(v) => set({ tip: v })}
              min={0}
              allowNegative={false}
              allowDecimal={digits > 0}
              decimalScale={digits}
              hideControls
              inputMode="decimal"
              leftSection={<Text fz="sm">{currencySymbol(code)}</Text>}
              style={{ flex: 1 }}
              data-testid="tip-value"
            />
            {TIP_PERCENTS.map((p) => (
              <Button
                key={p}
                variant="default"
                h={44}
                onClick={() =>
                  set({ tip: minorAsDecimal(percentOf(figures.bill.totalMinor, p * 100), digits) })
                }
              >
                {p} %
              </Button>
            ))}
          </Group>
        </Stack>
      )}
      {charges && settings && (
        <NumberInput
          label={t('extras.guests')}
          description={t('extras.guestsHint', {
            percent: settings.serviceChargePercent,
            guests: settings.serviceChargeGuests,
          })}
          value={value.guests}
          onChange={(v) => set({ guests: v })}
          min={1}
          max={999}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          inputMode="numeric"
          data-testid="guests-value"
        />
      )}
      {figures.error && (
        <Alert color="red" variant="light" data-testid="extras-error">
          {t(figures.error)}
        </Alert>
      )}
      {figures.aboveThreshold && !canApprove && (
        <Alert color="yellow" variant="light" data-testid="extras-manager">
          {t('extras.needsManager', { percent: settings?.managerDiscountPercent ?? 0 })}
        </Alert>
      )}
    </Stack>
  );
}
