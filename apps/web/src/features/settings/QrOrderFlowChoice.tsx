import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Where a diner's QR order goes (issue 31, docs/qr-menu.md): it waits at the POS to be accepted (SPEC's
 * behaviour, the default), or goes straight to the kitchen as a table order. Two cards, each a whole
 * touch target, rather than a switch: both choices need their consequence spelled out.
 */
export function QrOrderFlowChoice({
  toKitchen,
  onChange,
}: {
  toKitchen: boolean;
  onChange: (toKitchen: boolean) => void;
}) {
  const { t } = useTranslation('settings');
  const option = (value: 'accept' | 'kitchen') => (
    <Radio.Card value={value} radius="md" p="md" data-testid={`qr-flow-${value}`}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator />
        <div>
          <Text fw={600}>{t(`details.qrFlow.${value}`)}</Text>
          <Text fz="sm" c="dimmed">
            {t(`details.qrFlow.${value}Hint`)}
          </Text>
        </div>
      </Group>
    </Radio.Card>
  );
  return (
    <Radio.Group
      label={t('details.qrFlow.label')}
      value={toKitchen ? 'kitchen' : 'accept'}
      onChange={(value) => onChange(value === 'kitchen')}
    >
      <Stack gap={0} mt="xs">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {option('accept')}
          {option('kitchen')}
        </SimpleGrid>
      </Stack>
    </Radio.Group>
  );
}
