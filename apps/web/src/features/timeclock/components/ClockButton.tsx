import { Button, Group, Menu, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconChevronDown,
  IconClockPause,
  IconClockPlay,
  IconClockStop,
  IconCoffee,
} from '@tabler/icons-react';
import type { ClockState } from '@comanda/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import { type ClockAction, clockAction, clockQueryKey, clockQueryOptions } from '../api/timeclock.ts';
import { Elapsed } from './Elapsed.tsx';

/**
 * The signed-in person's time clock in the staff header (issue 31, docs/timeclock.md): "Clock in", or
 * "On shift 3 h 12 · Break · Clock out" (on a break: "On break 0 h 05 · End break · Clock out"). Below
 * 1200 px the actions fold into a menu under the running time; a phone's header has no room for it. On a
 * store device it clocks the person whose PIN is in.
 */
export function ClockButton() {
  const { t } = useTranslation('timeclock');
  const queryClient = useQueryClient();
  const wide = useMediaQuery('(min-width: 75em)', true, { getInitialValueInEffect: false });
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const { data, dataUpdatedAt } = useQuery(clockQueryOptions());
  const act = useMutation({
    mutationFn: clockAction,
    onSuccess: (result) => {
      queryClient.setQueryData<ClockState>(clockQueryKey, result.state);
      toast.success(t(result.message));
    },
    onError: (error) => toast.fromError(error, 'Something went wrong!'),
  });
  // A phone's header has no room left (logo, search, sync, user menu): the clock stays off it.
  if (!data || phone) return null;
  const run = (action: ClockAction) => act.mutate(action);
  const busy = act.isPending;

  if (!data.entry) {
    return (
      <Button
        variant="light"
        color="teal"
        leftSection={<IconClockPlay size={18} aria-hidden />}
        onClick={() => run('clock-in')}
        loading={busy}
        mih={44}
        data-testid="clock-in"
      >
        {t('clockIn')}
      </Button>
    );
  }

  const { entry } = data;
  // The server's clock minus this device's when the answer arrived: the time keeps counting from it.
  const skewMs = Date.parse(data.server_now) - dataUpdatedAt;
  const onBreak = entry.break_started_at !== null;
  const status = onBreak ? (
    <>
      {t('onBreak')}{' '}
      <Elapsed minutes={0} serverNow={entry.break_started_at ?? data.server_now} skewMs={skewMs} running />
    </>
  ) : (
    <>
      {t('onShift')}{' '}
      <Elapsed minutes={entry.worked_minutes} serverNow={data.server_now} skewMs={skewMs} running />
    </>
  );
  const breakAction: ClockAction = onBreak ? 'break-end' : 'break-start';
  const breakLabel = onBreak ? t('endBreak') : t('break');

  if (!wide) {
    return (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="light"
            color={onBreak ? 'yellow' : 'teal'}
            rightSection={<IconChevronDown size={16} aria-hidden />}
            loading={busy}
            mih={44}
            px="sm"
            data-testid="clock-status"
            // Named by its text ("On shift 3 h 12"): a spoken name that differs from it fails voice control.
            title={onBreak ? t('onBreak') : t('onShift')}
          >
            <Text fz="sm" fw={600} span>
              {onBreak ? t('onBreakShort') : t('onShiftShort')}{' '}
              <Elapsed
                minutes={onBreak ? 0 : entry.worked_minutes}
                serverNow={onBreak ? (entry.break_started_at ?? data.server_now) : data.server_now}
                skewMs={skewMs}
                running
              />
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            mih={44}
            leftSection={onBreak ? <IconClockPlay size={18} /> : <IconCoffee size={18} />}
            onClick={() => run(breakAction)}
            data-testid={breakAction}
          >
            {breakLabel}
          </Menu.Item>
          <Menu.Item
            mih={44}
            color="red"
            leftSection={<IconClockStop size={18} />}
            onClick={() => run('clock-out')}
            data-testid="clock-out"
          >
            {t('clockOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    );
  }

  return (
    <Group gap={6} wrap="nowrap" data-testid="clock-status" role="group" aria-label={t('clockGroup')}>
      <Text fz="sm" fw={600} c={onBreak ? 'yellow.9' : 'teal.9'} style={{ whiteSpace: 'nowrap' }}>
        {status}
      </Text>
      <Button
        variant="default"
        leftSection={
          onBreak ? <IconClockPlay size={18} aria-hidden /> : <IconClockPause size={18} aria-hidden />
        }
        onClick={() => run(breakAction)}
        disabled={busy}
        mih={44}
        px="sm"
        data-testid={breakAction}
      >
        {breakLabel}
      </Button>
      <Button
        variant="light"
        color="red"
        leftSection={<IconClockStop size={18} aria-hidden />}
        onClick={() => run('clock-out')}
        disabled={busy}
        mih={44}
        px="sm"
        data-testid="clock-out"
      >
        {t('clockOut')}
      </Button>
    </Group>
  );
}
