import { Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { formatMoney } from '@comanda/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { storeDateTime } from '../../../lib/store-time.ts';
import { type Draft, totalsOf } from '../cart.ts';

/** Drafts List (SPEC §2 POS): the carts kept on this device, newest first; restore or delete each. */
export const DraftsDialog = memo(function DraftsDialog({
  opened,
  drafts,
  currency,
  timezone,
  onClose,
  onRestore,
  onDelete,
}: {
  opened: boolean;
  drafts: readonly Draft[];
  currency: string;
  timezone: string;
  onClose: () => void;
  onRestore: (draft: Draft) => void;
  onDelete: (draft: Draft) => void;
}) {
  const { t } = useTranslation('pos');
  return (
    <Modal opened={opened} onClose={onClose} title={t('drafts.title')} centered size="lg">
      {drafts.length === 0 ? (
        <EmptyState
          icon={IconFileText}
          title={t('drafts.empty')}
          text={t('drafts.emptyText')}
          withCard={false}
        />
      ) : (
        <Stack gap="sm">
          {[...drafts].reverse().map((d) => (
            <Card key={d.date} withBorder radius="md" padding="sm" data-testid="draft">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600}>{d.nameRef}</Text>
                  <Text fz="sm" c="dimmed">
                    {storeDateTime(d.date, timezone)} ·{' '}
                    {t('drafts.summary', {
                      count: d.cart.reduce((n, l) => n + l.quantity, 0),
                      total: formatMoney(totalsOf(d.cart).payableTotal, currency),
                    })}
                  </Text>
                </div>
                <Group gap="xs" wrap="nowrap">
                  <Button variant="default" color="red" onClick={() => onDelete(d)}>
                    {t('drafts.delete')}
                  </Button>
                  <Button onClick={() => onRestore(d)}>{t('drafts.restore')}</Button>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Modal>
  );
});
