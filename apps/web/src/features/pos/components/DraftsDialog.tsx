import { Button, Card, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { type ServerDraft, formatMoney } from '@comanda/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { storeDateTime } from '../../../lib/store-time.ts';

/**
 * Drafts List (SPEC §2 POS): the signed-in user's drafts, newest first, from any device they saved them
 * on (issue 31); restore or delete each. `summary` prices a draft from today's menu.
 */
export const DraftsDialog = memo(function DraftsDialog({
  opened,
  drafts,
  timezone,
  summary,
  onClose,
  onRestore,
  onDelete,
}: {
  opened: boolean;
  drafts: readonly ServerDraft[] | undefined;
  timezone: string;
  summary: (draft: ServerDraft) => { count: number; totalMinor: number; currency: string };
  onClose: () => void;
  onRestore: (draft: ServerDraft) => void;
  onDelete: (draft: ServerDraft) => void;
}) {
  const { t } = useTranslation('pos');
  const tt = useTranslation('posTicket').t;
  return (
    <Modal opened={opened} onClose={onClose} title={t('drafts.title')} centered size="lg">
      {drafts === undefined ? (
        <Group justify="center" py="lg">
          <Loader aria-label={t('drafts.title')} />
        </Group>
      ) : drafts.length === 0 ? (
        <EmptyState
          icon={IconFileText}
          title={t('drafts.empty')}
          text={tt('drafts.mine')}
          withCard={false}
        />
      ) : (
        <Stack gap="sm">
          <Text c="dimmed" fz="sm">
            {tt('drafts.mine')}
          </Text>
          {[...drafts].reverse().map((d) => {
            const s = summary(d);
            return (
              <Card key={d.id} withBorder radius="md" padding="sm" data-testid="draft">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600}>{d.nameRef}</Text>
                    <Text fz="sm" c="dimmed">
                      {storeDateTime(d.createdAt, timezone)} ·{' '}
                      {t('drafts.summary', { count: s.count, total: formatMoney(s.totalMinor, s.currency) })}
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
            );
          })}
        </Stack>
      )}
    </Modal>
  );
});
