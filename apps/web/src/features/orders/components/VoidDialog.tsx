import { Alert, Button, Group, Modal, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, Loading } from '../../../components/LoadState.tsx';
import { voidReasonsQueryOptions, voidSettingsQueryOptions } from '../../../lib/void-reasons.ts';

/**
 * Asks why before a void or a cancel (docs/voids.md): one of the owner's reasons, as large touch
 * targets. `title` says what is voided ('Void 3 × Soda', 'Cancel T1'); `onConfirm` gets the reason's id,
 * or none when the store does not ask for one (issue 30) and none was picked.
 */
export function VoidDialog({
  opened,
  title,
  text,
  confirmLabel,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: (reasonId: number | undefined) => void;
}) {
  const { t } = useTranslation('orders');
  const reasons = useQuery({ ...voidReasonsQueryOptions(), enabled: opened });
  const settings = useQuery({ ...voidSettingsQueryOptions(), enabled: opened });
  // Until the setting is in, a reason is asked for: the server may ask for one.
  const required = settings.data?.requireVoidReason ?? true;
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState(false);

  const close = () => {
    setChosen(null);
    setError(false);
    onClose();
  };
  const confirm = () => {
    if (!chosen && required) {
      setError(true);
      return;
    }
    onConfirm(chosen ? Number(chosen) : undefined);
    close();
  };

  let body;
  if (reasons.isPending) body = <Loading />;
  else if (reasons.isError) body = <LoadError message="Error loading data, Try Later!" />;
  else if (reasons.data.length === 0) body = <Alert color="yellow">{t('void.noReasons')}</Alert>;
  else
    body = (
      <Radio.Group
        value={chosen}
        onChange={(v) => {
          setChosen(v);
          setError(false);
        }}
        label={t(required ? 'void.reason' : 'void.reasonOptional')}
        error={error ? t('Please select a void reason!') : undefined}
        withAsterisk={required}
      >
        <SimpleGrid cols={2} spacing="sm" mt="xs">
          {reasons.data.map((reason) => (
            <Radio.Card
              key={reason.id}
              value={String(reason.id)}
              radius="md"
              p="md"
              data-testid="void-reason"
            >
              <Group wrap="nowrap" gap="sm">
                <Radio.Indicator />
                <Text fw={600}>{reason.title}</Text>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
    );

  return (
    <Modal opened={opened} onClose={close} title={title} size="lg">
      <Stack>
        <Text c="dimmed">{text}</Text>
        {body}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('confirm.no')}
          </Button>
          <Button color="red" onClick={confirm} disabled={required && !reasons.data?.length}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
