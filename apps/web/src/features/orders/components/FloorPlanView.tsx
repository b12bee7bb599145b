import { Button, Group, Modal, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconCircleDashed,
  IconClockExclamation,
  IconReceipt,
  IconToolsKitchen2,
  IconUsers,
} from '@tabler/icons-react';
import { type LivePlanTable, type TableState, floorsOf, planHeight } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { useCallbackRef } from '@mantine/hooks';
import { type ReactNode, memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { FloorPlanCanvas, placedStyle } from '../../../components/FloorPlanCanvas.tsx';
import { LoadError, Loading } from '../../../components/LoadState.tsx';
import { paths } from '../../../lib/paths.ts';
import { floorPlanQueryOptions } from '../api/get-floor-plan.ts';
import type { ShownGroup } from '../device-changes.ts';
import { SeatedTime } from './SeatedTime.tsx';

/** Each state's colour and icon; the state's name is always written too (never colour alone). */
const LOOK: Record<TableState, { color: string; Icon: typeof IconUsers }> = {
  free: { color: 'gray', Icon: IconCircleDashed },
  ordered: { color: 'blue', Icon: IconUsers },
  waiting_long: { color: 'red', Icon: IconClockExclamation },
  food_ready: { color: 'teal', Icon: IconToolsKitchen2 },
  bill_printed: { color: 'violet', Icon: IconReceipt },
};
const LEGEND: TableState[] = ['free', 'ordered', 'food_ready', 'waiting_long', 'bill_printed'];

/**
 * Table Orders on the floor plan (issue 31, docs/floor-plan.md): the tables of one floor where the owner
 * placed them, each with its state and time seated. A tap on an occupied table opens its group (the
 * list's card, with its actions: `renderGroup`); on a free table, the POS with that table chosen.
 */
export function FloorPlanView({
  groups,
  renderGroup,
}: {
  groups: readonly ShownGroup[];
  renderGroup: (group: ShownGroup) => ReactNode;
}) {
  const { t } = useTranslation('floorPlan');
  const plan = useQuery(floorPlanQueryOptions());
  const navigate = useNavigate();
  const [floor, setFloor] = useState<string | null>(null);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const groupAt = useMemo(
    () => new Map(groups.flatMap((g) => (g.table_id === null ? [] : [[g.table_id, g] as const]))),
    [groups],
  );
  // Stable, so the memoised tables do not re-render when the page does.
  const tap = useCallbackRef((table: LivePlanTable) => {
    const group = groupAt.get(table.id);
    if (group) setOpenKey(group.key);
    else void navigate(`${paths.dashboard.pos}?table=${table.id}`);
  });

  if (plan.isPending) return <Loading />;
  if (plan.isError) return <LoadError message={t('loadFailed')} />;
  const { tables, now } = plan.data;
  // The server's clock minus this device's, for the seated times.
  const skewMs = Date.parse(now) - plan.dataUpdatedAt;
  const floors = floorsOf(tables);
  const shownFloor = floor !== null && floors.includes(floor) ? floor : (floors[0] ?? '');
  const onFloor = tables.filter((tb) => tb.floor === shownFloor);
  const height = planHeight(onFloor);
  const dineOut = groups.find((g) => g.table_id === null);
  // A group closed meanwhile (paid, moved) closes its dialog.
  const opened = groups.find((g) => g.key === openKey) ?? null;

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        {floors.length > 1 ? (
          <SegmentedControl
            aria-label={t('floors')}
            data={floors.map((f) => ({ value: f, label: f }))}
            value={shownFloor}
            onChange={setFloor}
            size="md"
          />
        ) : (
          <Text fw={600}>{t('floorOf', { floor: shownFloor })}</Text>
        )}
        {dineOut && (
          <Button variant="light" onClick={() => setOpenKey(dineOut.key)}>
            {t('dineOut', { count: dineOut.orders.length })}
          </Button>
        )}
      </Group>
      {tables.length === 0 ? (
        <EmptyState icon={IconCircleDashed} title={t('noTables')} text={t('noTablesText')} />
      ) : (
        <FloorPlanCanvas height={height} label={t('planOf', { floor: shownFloor })}>
          {onFloor.map((table) => (
            <PlanTableButton
              key={table.id}
              table={table}
              // An order sent from this device and not yet synced already seats the table here.
              state={table.state === 'free' && groupAt.has(table.id) ? 'ordered' : table.state}
              height={height}
              skewMs={skewMs}
              onTap={tap}
            />
          ))}
        </FloorPlanCanvas>
      )}
      <Group gap="md" aria-label={t('legend')} role="list">
        {LEGEND.map((state) => {
          const { color, Icon } = LOOK[state];
          return (
            <Group key={state} gap={6} role="listitem" wrap="nowrap">
              <Icon size={18} color={`var(--mantine-color-${color}-7)`} aria-hidden />
              <Text fz="sm">{t(`state.${state}`)}</Text>
            </Group>
          );
        })}
      </Group>
      <Modal
        opened={opened !== null}
        onClose={() => setOpenKey(null)}
        title={opened?.table_title ?? t('dineOutTitle')}
        size="lg"
      >
        {opened && renderGroup(opened)}
      </Modal>
    </Stack>
  );
}

/** One table on the live plan; memoised by its data, so a seated timer's tick re-renders only itself. */
const PlanTableButton = memo(function PlanTableButton({
  table,
  state,
  height,
  skewMs,
  onTap,
}: {
  table: LivePlanTable;
  state: TableState;
  height: number;
  skewMs: number;
  onTap: (table: LivePlanTable) => void;
}) {
  const { t } = useTranslation('floorPlan');
  const { color, Icon } = LOOK[state];
  const free = state === 'free';
  return (
    <UnstyledButton
      data-testid="plan-table"
      data-table={table.table_title}
      data-state={state}
      onClick={() => onTap(table)}
      style={{
        ...placedStyle(table, height, table.shape === 'round'),
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        padding: 4,
        overflow: 'hidden',
        textAlign: 'center',
        background: free ? 'var(--mantine-color-body)' : `var(--mantine-color-${color}-light)`,
        border: `2px ${free ? 'dashed' : 'solid'} var(--mantine-color-${color}-${free ? 5 : 7})`,
        color: 'var(--mantine-color-text)',
      }}
    >
      <Text fw={700} fz="md" lh={1.1} lineClamp={1}>
        {table.table_title}
      </Text>
      <Group gap={4} wrap="nowrap" justify="center">
        <Icon size={14} aria-hidden />
        <Text fz="xs" fw={600} lh={1.1} lineClamp={1}>
          {t(`state.${state}`)}
        </Text>
      </Group>
      {table.seated_at && !free && (
        <Text fz="xs" lh={1.1} c="dimmed">
          <SeatedTime since={table.seated_at} skewMs={skewMs} />
        </Text>
      )}
    </UnstyledButton>
  );
});
