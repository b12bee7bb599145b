import { ActionIcon, Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import type { OrderItem } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, Loading } from '../../../components/LoadState.tsx';
import { newUuid } from '../../../lib/uuid.ts';
import { moveTablesQueryOptions } from '../api/moves.ts';

/**
 * Move (docs/moves.md): a table group, or some units of one line, to another table picked from big
 * buttons; a table with open orders says so, since moving a group there merges the two. The
 * Idempotency-Key is made when the dialog opens (the parent mounts a fresh one each time).
 */
export function MoveDialog({
  opened,
  onClose,
  title,
  from,
  openAt,
  item,
  onMove,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The table they are at now (not offered). */
  from: number | null;
  /** How many open orders each table has, by table id. */
  openAt: ReadonlyMap<number, number>;
  /** A line's move: how many of it to move is asked too. */
  item?: OrderItem;
  /** The call; true when it went through (the dialog closes). */
  onMove: (key: string, tableId: number, quantity: number) => Promise<boolean>;
}) {
  const { t } = useTranslation('orders');
  const [key] = useState(newUuid);
  const tables = useQuery({ ...moveTablesQueryOptions(), enabled: opened, refetchOnMount: 'always' });
  const [target, setTarget] = useState<number | null>(null);
  const [quantity, setQuantity] = useState(item?.quantity ?? 1);
  const [moving, setMoving] = useState(false);
  const max = item?.quantity ?? 1;
  const picked = tables.data?.tables.find((tb) => tb.id === target);
  const merges = !item && target !== null && (openAt.get(target) ?? 0) > 0;

  const submit = async () => {
    if (target === null) return;
    setMoving(true);
    try {
      if (await onMove(key, target, quantity)) onClose();
    } finally {
      setMoving(false);
    }
  };

  let body;
  if (tables.isPending) body = <Loading />;
  else if (tables.isError) body = <LoadError message={t('move.loadFailed')} />;
  else if (tables.data.tables.length < 2) body = <Alert color="gray">{t('move.noTables')}</Alert>;
  else
    body = (
      <SimpleGrid cols={4} spacing="sm" role="group" aria-label={t('move.toTable')}>
        {tables.data.tables.map((tb) => {
          const here = tb.id === from;
          const open = openAt.get(tb.id) ?? 0;
          const selected = tb.id === target;
          return (
            <Button
              key={tb.id}
              variant={selected ? 'filled' : 'default'}
              h={76}
              px="xs"
              disabled={here}
              aria-pressed={selected}
              onClick={() => setTarget(tb.id)}
              data-testid="move-target"
              styles={{ label: { flexDirection: 'column', gap: 2, whiteSpace: 'normal' } }}
            >
              <Text fw={700} fz="md" inherit lh={1.1}>
                {tb.table_title}
              </Text>
              <Text fz="xs" inherit lh={1.1}>
                {here ? t('move.here') : open > 0 ? t('move.open', { count: open }) : tb.floor}
              </Text>
            </Button>
          );
        })}
      </SimpleGrid>
    );

  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" centered>
      <Stack gap="md">
        {item && (
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600} id="move-quantity-label">
              {t('move.howMany', { count: max })}
            </Text>
            <Group gap="sm" wrap="nowrap" role="group" aria-labelledby="move-quantity-label">
              <ActionIcon
                size={48}
                variant="default"
                aria-label={t('move.less')}
                disabled={quantity <= 1}
                onClick={() => setQuantity((q) => Math.max(1, q - 1))}
              >
                <IconMinus size={20} />
              </ActionIcon>
              <Text fw={800} fz="xl" w={48} ta="center" data-testid="move-quantity" aria-live="polite">
                {quantity}
              </Text>
              <ActionIcon
                size={48}
                variant="default"
                aria-label={t('move.more')}
                disabled={quantity >= max}
                onClick={() => setQuantity((q) => Math.min(max, q + 1))}
              >
                <IconPlus size={20} />
              </ActionIcon>
            </Group>
          </Group>
        )}
        <Text fw={600}>{t('move.toTable')}</Text>
        {body}
        {merges && picked && (
          <Alert color="orange" variant="light" data-testid="move-merge-hint">
            {t('move.mergeHint', { table: picked.table_title })}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('move.cancel')}
          </Button>
          <Button disabled={target === null} loading={moving} onClick={() => void submit()}>
            {picked
              ? merges
                ? t('move.mergeWith', { table: picked.table_title })
                : t('move.to', { table: picked.table_title })
              : t('move.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
