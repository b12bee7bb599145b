import { Button, Group, Modal, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type PaymentType, formatMoney, toMinor } from '@comanda/core';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/DialogActions.tsx';

export interface PayChoice {
  paymentType: PaymentType;
  /** What was typed, as the decimal the API takes; null when left blank (an exact card payment). */
  tendered: string | null;
}

/**
 * Create Receipt & Pay (SPEC §2 POS): the payable total, the active payment types (one chosen), the
 * amount tendered and the change, worked out live in minor units. Mounted afresh for each opening.
 */
export const PayDialog = memo(function PayDialog({
  opened,
  payableMinor,
  currency,
  digits,
  paymentTypes,
  busy,
  onClose,
  onPay,
}: {
  opened: boolean;
  payableMinor: number;
  currency: string;
  digits: number;
  paymentTypes: readonly PaymentType[];
  busy: boolean;
  onClose: () => void;
  onPay: (choice: PayChoice) => void;
}) {
  const { t } = useTranslation('pos');
  const active = paymentTypes.filter((p) => p.is_active);
  // The store's default (Settings > Payment Types) is chosen to start with.
  const first = active.find((p) => p.is_default) ?? active[0];
  const [typeId, setTypeId] = useState<string | null>(first ? String(first.id) : null);
  const [tendered, setTendered] = useState('');
  const money = (minor: number) => formatMoney(minor, currency);

  const text = tendered.trim();
  const tenderedMinor = text ? toMinor(text, digits) : null;
  const tenderedError =
    text && tenderedMinor === null
      ? t('pay.tenderedInvalid')
      : tenderedMinor !== null && tenderedMinor < payableMinor
        ? t('pay.tenderedShort')
        : undefined;
  const chosen = active.find((p) => String(p.id) === typeId);

  return (
    <Modal opened={opened} onClose={onClose} title={t('pay.title')} centered size="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen && !tenderedError) onPay({ paymentType: chosen, tendered: text || null });
        }}
      >
        <Stack gap="md">
          <Group justify="space-between">
            <Text fw={600}>{t('totals.payable')}</Text>
            <Text fw={800} fz={28} data-testid="pay-total">
              {money(payableMinor)}
            </Text>
          </Group>
          {active.length === 0 ? (
            <Text c="red.8" role="alert">
              {t('pay.noTypes')}
            </Text>
          ) : (
            <Radio.Group label={t('pay.type')} value={typeId} onChange={setTypeId} required>
              <SimpleGrid cols={2} spacing="xs" mt="xs">
                {active.map((p) => (
                  <Radio.Card key={p.id} value={String(p.id)} radius="md" p="sm" mih={44}>
                    <Group wrap="nowrap" gap="sm">
                      <Radio.Indicator />
                      <Text>{p.title}</Text>
                    </Group>
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
          )}
          <TextInput
            label={t('pay.tendered')}
            description={t('pay.tenderedHint')}
            inputMode="decimal"
            autoComplete="off"
            value={tendered}
            onChange={(e) => setTendered(e.currentTarget.value)}
            error={tenderedError}
          />
          <Group justify="space-between">
            <Text fw={600}>{t('pay.change')}</Text>
            <Text fw={700} fz="xl" data-testid="pay-change">
              {tenderedMinor !== null && !tenderedError ? money(tenderedMinor - payableMinor) : '—'}
            </Text>
          </Group>
          <DialogActions>
            <Button variant="default" onClick={onClose}>
              {t('pay.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!chosen || !!tenderedError}>
              {t('pay.submit')}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
});
