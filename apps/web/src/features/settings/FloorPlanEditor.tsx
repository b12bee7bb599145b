import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy, IconTable } from '@tabler/icons-react';
import {
  PLAN_GRID,
  PLAN_WIDTH,
  type Placement,
  type PlanTable,
  clampPlacement,
  floorsOf,
  planHeight,
  snapToGrid,
} from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FloorPlanCanvas, placedStyle } from '../../components/FloorPlanCanvas.tsx';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { useSaveMutation } from '../../lib/mutations.ts';
import { useUnsavedChangesWarning } from '../../lib/unsaved-changes.ts';
import { floorPlanSettingsQueryOptions, saveFloorPlan } from './api/get-floor-plan.ts';

type Drag = { id: number; mode: 'move' | 'resize'; x: number; y: number; from: Placement };

/**
 * Settings > Tables > Floor plan (issue 31, docs/floor-plan.md): one plan per floor. A table is dragged
 * to move it and by its corner handle to resize it (pointer events: touch, pen and mouse alike, snapped
 * to the plan's grid); the selected table is renamed and made round or square in the bar above the
 * plan, and moves with the arrow keys (Shift: resizes). Changes stay on this screen until Save.
 */
export function FloorPlanEditor() {
  const { t } = useTranslation('floorPlan');
  const plan = useQuery(floorPlanSettingsQueryOptions());
  // Only what was changed here, over the server's plan: a refetch meanwhile loses no edit.
  const [edits, setEdits] = useState<Record<number, PlanTable>>({});
  const [floor, setFloor] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const dirty = Object.keys(edits).length > 0;
  useUnsavedChangesWarning(dirty);
  const save = useSaveMutation({
    mutationFn: saveFloorPlan,
    changes: ['tables'],
    onSuccess: () => setEdits({}),
  });

  if (plan.isPending) return <Loading />;
  if (plan.isError) return <LoadError message="Error loading data, Try Later!" />;
  const tables = plan.data.tables.map((tb) => edits[tb.id] ?? tb);
  if (tables.length === 0)
    return <EmptyState icon={IconTable} title={t('noTables')} text={t('noTablesText')} />;

  const floors = floorsOf(tables);
  const shownFloor = floor !== null && floors.includes(floor) ? floor : (floors[0] ?? '');
  const onFloor = tables.filter((tb) => tb.floor === shownFloor);
  const height = planHeight(onFloor);
  const selected = onFloor.find((tb) => tb.id === selectedId) ?? null;

  const change = (table: PlanTable, next: Partial<PlanTable>) =>
    setEdits((e) => ({ ...e, [table.id]: { ...table, ...next } }));
  const place = (table: PlanTable, p: Placement) => change(table, clampPlacement(p));

  const startDrag = (e: PointerEvent<HTMLElement>, table: PlanTable, mode: Drag['mode']) => {
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    setSelectedId(table.id);
    drag.current = { id: table.id, mode, x: e.clientX, y: e.clientY, from: table };
  };
  const moveDrag = (e: PointerEvent<HTMLElement>, table: PlanTable) => {
    const d = drag.current;
    const box = canvas.current?.getBoundingClientRect();
    if (!d || d.id !== table.id || !box) return;
    const scale = box.width / PLAN_WIDTH;
    const dx = (e.clientX - d.x) / scale;
    const dy = (e.clientY - d.y) / scale;
    const { from } = d;
    place(
      table,
      d.mode === 'move'
        ? { ...from, x: snapToGrid(from.x + dx), y: snapToGrid(from.y + dy) }
        : { ...from, width: snapToGrid(from.width + dx), height: snapToGrid(from.height + dy) },
    );
  };
  const endDrag = () => (drag.current = null);

  const onKey = (e: KeyboardEvent<HTMLElement>, table: PlanTable) => {
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (!step) return;
    e.preventDefault();
    const [dx = 0, dy = 0] = step.map((s) => s * PLAN_GRID);
    place(
      table,
      e.shiftKey
        ? { ...table, width: table.width + dx, height: table.height + dy }
        : { ...table, x: table.x + dx, y: table.y + dy },
    );
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        {floors.length > 1 ? (
          <SegmentedControl
            aria-label={t('floors')}
            data={floors.map((f) => ({ value: f, label: f }))}
            value={shownFloor}
            onChange={(f) => {
              setFloor(f);
              setSelectedId(null);
            }}
            size="md"
          />
        ) : (
          <Text fw={600}>{t('floorOf', { floor: shownFloor })}</Text>
        )}
        <Button
          leftSection={<IconDeviceFloppy size={18} />}
          disabled={!dirty}
          loading={save.isPending}
          onClick={() => save.mutate(Object.values(edits))}
        >
          {t('save')}
        </Button>
      </Group>
      <Group gap="sm" align="flex-end" mih={64} data-testid="plan-selected">
        {selected ? (
          <>
            <TextInput
              label={t('tableName')}
              value={selected.table_title}
              onChange={(e) => change(selected, { table_title: e.currentTarget.value })}
              error={selected.table_title.trim() === '' ? t('nameRequired') : undefined}
              w={220}
            />
            <SegmentedControl
              aria-label={t('shape')}
              size="md"
              value={selected.shape}
              onChange={(shape) => change(selected, { shape: shape === 'round' ? 'round' : 'square' })}
              data={[
                { value: 'square', label: t('square') },
                { value: 'round', label: t('round') },
              ]}
            />
          </>
        ) : (
          <Text c="dimmed" fz="sm">
            {t('editorHint')}
          </Text>
        )}
      </Group>
      <FloorPlanCanvas ref={canvas} height={height} label={t('planOf', { floor: shownFloor })}>
        {onFloor.map((table) => {
          const isSelected = table.id === selectedId;
          return (
            <div
              key={table.id}
              role="button"
              tabIndex={0}
              data-testid="plan-table"
              data-table={table.table_title}
              data-shape={table.shape}
              aria-pressed={isSelected}
              aria-label={t('editTableLabel', { table: table.table_title, shape: t(table.shape) })}
              onPointerDown={(e) => startDrag(e, table, 'move')}
              onPointerMove={(e) => moveDrag(e, table)}
              onPointerUp={endDrag}
              onPointerCancel={endDrag}
              onFocus={() => setSelectedId(table.id)}
              onKeyDown={(e) => onKey(e, table)}
              style={{
                ...placedStyle(table, height, table.shape === 'round'),
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                cursor: 'grab',
                touchAction: 'none',
                background: 'var(--mantine-color-blue-light)',
                border: `2px solid var(--mantine-color-${isSelected ? 'blue-7' : 'blue-4'})`,
                outline: isSelected ? '3px solid var(--mantine-color-blue-3)' : undefined,
                color: 'var(--mantine-color-text)',
              }}
            >
              <Text fw={700} lineClamp={2} ta="center" px={4}>
                {table.table_title}
              </Text>
              {isSelected && (
                <div
                  data-testid="resize-handle"
                  aria-hidden
                  onPointerDown={(e) => startDrag(e, table, 'resize')}
                  onPointerMove={(e) => moveDrag(e, table)}
                  onPointerUp={endDrag}
                  onPointerCancel={endDrag}
                  style={{
                    position: 'absolute',
                    right: -14,
                    bottom: -14,
                    width: 44,
                    height: 44,
                    borderRadius: '50%',
                    cursor: 'nwse-resize',
                    touchAction: 'none',
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                  }}
                >
                  <div
                    style={{
                      width: 18,
                      height: 18,
                      borderRadius: 4,
                      background: 'var(--mantine-color-blue-7)',
                      border: '2px solid var(--mantine-color-white)',
                    }}
                  />
                </div>
              )}
            </div>
          );
        })}
      </FloorPlanCanvas>
      <Text c="dimmed" fz="sm">
        {t('keyboardHint')}
      </Text>
    </Stack>
  );
}
