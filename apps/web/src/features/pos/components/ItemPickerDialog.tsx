import { Button, Checkbox, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { type MenuItem, formatMoney } from '@comanda/core';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CartLine, lineFor, minor } from '../cart.ts';

/**
 * The variant and addon picker (SPEC §2 POS): radio variants with the first preselected, checkbox
 * addons; the unit price shown is the variant's (it replaces the item's) plus the addons'. Mounted
 * afresh for each item (the caller's `key`).
 */
export const ItemPickerDialog = memo(function ItemPickerDialog({
  item,
  currency,
  digits,
  onClose,
  onAdd,
}: {
  item: MenuItem | null;
  currency: string;
  digits: number;
  onClose: () => void;
  onAdd: (line: CartLine) => void;
}) {
  const { t } = useTranslation('pos');
  const [variantId, setVariantId] = useState<number | null>(item?.variants[0]?.id ?? null);
  const [addonIds, setAddonIds] = useState<number[]>([]);
  if (!item) return <Modal opened={false} onClose={onClose} />;

  const line = lineFor(item, digits, { variantId, addonIds });
  const money = (amount: number) => formatMoney(minor(amount, digits), currency);

  return (
    // No scroll lock: the POS fits the screen, and locking restyled the whole page on every open (issue 32).
    <Modal opened onClose={onClose} title={item.title} centered size="md" lockScroll={false}>
      <Stack gap="md">
        {item.variants.length > 0 && (
          <Radio.Group
            label={t('picker.variants')}
            value={variantId === null ? null : String(variantId)}
            onChange={(v) => setVariantId(Number(v))}
          >
            <Stack gap={4} mt="xs">
              {item.variants.map((v) => (
                <Radio.Card key={v.id} value={String(v.id)} radius="md" p="sm" mih={44}>
                  <Group wrap="nowrap" justify="space-between">
                    <Group wrap="nowrap" gap="sm">
                      <Radio.Indicator />
                      <Text>{v.title}</Text>
                    </Group>
                    <Text fw={600}>{money(v.price)}</Text>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
        )}
        {item.addons.length > 0 && (
          <Checkbox.Group
            label={t('picker.addons')}
            value={addonIds.map(String)}
            onChange={(v) => setAddonIds(v.map(Number))}
          >
            <Stack gap={4} mt="xs">
              {item.addons.map((a) => (
                <Checkbox.Card key={a.id} value={String(a.id)} radius="md" p="sm" mih={44}>
                  <Group wrap="nowrap" justify="space-between">
                    <Group wrap="nowrap" gap="sm">
                      <Checkbox.Indicator />
                      <Text>{a.title}</Text>
                    </Group>
                    <Text fw={600}>+{money(a.price)}</Text>
                  </Group>
                </Checkbox.Card>
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} fz="lg" data-testid="picker-price">
            {formatMoney(line.unitMinor, currency)}
          </Text>
          <Group gap="sm" wrap="nowrap">
            <Button variant="default" onClick={onClose}>
              {t('picker.cancel')}
            </Button>
            <Button onClick={() => onAdd(line)}>{t('picker.add')}</Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
});
