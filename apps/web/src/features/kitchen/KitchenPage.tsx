import { ActionIcon, Box, Button, Stack } from '@mantine/core';
import {
  IconArrowBackUp,
  IconBell,
  IconBellOff,
  IconSettings,
  IconToolsKitchen2,
  IconVolume,
} from '@tabler/icons-react';
import { canOpen, type KitchenLine, type KitchenOrder } from '@comanda/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { invalidateResources } from '../../lib/resources.ts';
import { subjectOf, useSessionUser } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useChime } from '../../lib/chime.ts';
import { useOffline } from '../../lib/offline/use-offline.tsx';
import { useOutboxCall } from '../../lib/offline/use-outbox-call.ts';
import { newUuid } from '../../lib/uuid.ts';
import { kitchenQueryKey, kitchenQueryOptions, patchBoard, refreshKitchenTicket } from './api/get-kitchen.ts';
import { recallTicket } from './api/mutations.ts';
import { boardWith, ticketsWithDeviceChanges } from './device-changes.ts';
import { AllDayPanel } from './components/AllDayPanel.tsx';
import { KitchenSettingsDialog } from './components/KitchenSettingsDialog.tsx';
import { TicketCard } from './components/TicketCard.tsx';
import { useDarkScreen } from './dark-screen.ts';
import { serverOffset } from './timer.ts';

/** Two short notes: a new ticket. */
const NEW_ORDER_CHIME = { notes: [880, 1320], gap: 0.18, ring: 0.5, mutedKey: 'comanda.kitchen.muted' };

const ACTION_FAILED = 'Error processing your request, Please try later!';

/**
 * /dashboard/kitchen (SPEC §2 Kitchen, §4; issue 10 "Kitchen display"): a dark, large-type, touch-first
 * board of tickets, oldest first, each timed from when it was sent; Start Making / Complete per line,
 * Bump per ticket, Recall in the header, the "all day" counts, and a chime when a new order arrives.
 */
export function KitchenPage() {
  const { t } = useTranslation('kitchen');
  useDarkScreen();
  const queryClient = useQueryClient();
  const user = useSessionUser('tenant');
  const canSet = !!user && canOpen(subjectOf(user), 'settings');
  const tickets = useQuery(kitchenQueryOptions());
  const sound = useChime(NEW_ORDER_CHIME);
  // `key` mounts a fresh dialog (with the current thresholds) for each opening.
  const [settings, setSettings] = useState({ opened: false, key: 0 });

  // A chime when a refetch brings an order not seen before; the first load is not news, nor is a
  // ticket's lines moved to another table (docs/moves.md): made already, not new.
  const seen = useRef<Set<number> | null>(null);
  const { chime } = sound;
  useEffect(() => {
    const orders = tickets.data?.orders;
    if (!orders) return;
    const fresh = seen.current !== null && orders.some((o) => !seen.current?.has(o.id) && !o.moved_from);
    seen.current = new Set([...(seen.current ?? []), ...orders.map((o) => o.id)]);
    if (fresh) chime();
  }, [tickets.data, chime]);

  // No success toasts: the ticket changing is the answer. A refusal (409: another cook moved the
  // item first) says why and shows the latest. The board itself follows by the ticket (the events).
  const recall = useMutation({
    mutationFn: (_orderId: number) => recallTicket(),
    onSuccess: (_answer, orderId) => {
      void invalidateResources(queryClient, ['orders'], [kitchenQueryKey]);
      void refreshKitchenTicket(queryClient, orderId);
    },
    onError: (error: unknown) => {
      toast.fromError(error, ACTION_FAILED);
      void invalidateResources(queryClient, ['orders']);
    },
  });
  // A step and a bump go through the outbox (docs/offline.md): offline they show at once and sync later.
  const call = useOutboxCall({
    changes: ['orders'],
    except: [kitchenQueryKey],
    fallback: ACTION_FAILED,
    quiet: true,
  });
  const { entries } = useOffline();
  // What is on its way, so a second tap on the same line or ticket waits for the first.
  const [pending, setPending] = useState<string | null>(null);
  const outboxCall = async (
    orderId: number,
    kind: 'kitchen-status' | 'bump',
    path: string,
    body: object,
    label: string,
  ) => {
    if (pending === path) return;
    setPending(path);
    try {
      const outcome = await call.run({
        key: newUuid(),
        kind,
        path,
        body,
        orderUuids: [],
        order: null,
        preview: null,
        label,
      });
      // Done on the server: the board shows it at once (the outbox no longer does); the server's event
      // brings the ticket as the server has it. Refused: no event, so the ticket is fetched here.
      if (outcome.status === 'synced')
        patchBoard(queryClient, (board) => boardWith(board, [{ kind, path, body }]));
      if (outcome.status === 'refused') void refreshKitchenTicket(queryClient, orderId);
    } finally {
      setPending(null);
    }
  };
  // The cards' handlers never change, so a card renders again only when its own ticket does.
  const latestCall = useRef(outboxCall);
  useLayoutEffect(() => {
    latestCall.current = outboxCall;
  });
  const onItem = useCallback(
    (order: KitchenOrder, line: KitchenLine, status: 'preparing' | 'completed') =>
      void latestCall.current(
        order.id,
        'kitchen-status',
        `/kitchen/${line.id}`,
        { status },
        `#${order.token_no} ${line.item_title}`,
      ),
    [],
  );
  const onBump = useCallback(
    (order: KitchenOrder) =>
      void latestCall.current(order.id, 'bump', `/kitchen/orders/${order.id}/bump`, {}, `#${order.token_no}`),
    [],
  );

  const data = useMemo(
    () => (tickets.data ? ticketsWithDeviceChanges(tickets.data, entries) : undefined),
    [tickets.data, entries],
  );
  const lastBumped = data?.lastBumped ?? null;
  const offset = data ? serverOffset(data.now, data.receivedAt) : 0;

  let body;
  if (tickets.isPending) body = <Loading />;
  else if (tickets.isError || !data)
    body = <LoadError message={t('Error loading orders! Please try later!')} />;
  else
    body = (
      <Stack gap="md">
        <AllDayPanel allDay={data.allDay} />
        {data.orders.length === 0 ? (
          <EmptyState icon={IconToolsKitchen2} title={t('empty.title')} text={t('empty.text')} />
        ) : (
          <Box
            data-testid="tickets"
            style={{
              display: 'grid',
              gap: 'var(--mantine-spacing-md)',
              gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))',
              alignItems: 'start',
            }}
          >
            {data.orders.map((order) => (
              <TicketCard
                key={order.id}
                order={order}
                offset={offset}
                thresholds={data.settings}
                onItem={onItem}
                pendingItem={order.items.find((l) => pending === `/kitchen/${l.id}`)?.id ?? null}
                onBump={onBump}
                bumping={pending === `/kitchen/orders/${order.id}/bump`}
              />
            ))}
          </Box>
        )}
      </Stack>
    );

  return (
    // The whole work area is dark, edge to edge (the shell's main area pads by `lg` and is light).
    <Stack
      gap="md"
      data-testid="kitchen"
      m="calc(var(--mantine-spacing-lg) * -1)"
      p="lg"
      bg="dark.8"
      mih="calc(100dvh - var(--app-shell-header-height, 0px))"
    >
      <PageHeader
        title={t('title')}
        actions={
          <>
            {!sound.muted && !sound.ready && (
              <Button size="lg" color="yellow" leftSection={<IconVolume size={22} />} onClick={sound.unlock}>
                {t('sound.enable')}
              </Button>
            )}
            <Button
              variant="default"
              size="lg"
              onClick={sound.toggleMuted}
              aria-pressed={sound.muted}
              leftSection={sound.muted ? <IconBellOff size={22} /> : <IconBell size={22} />}
              data-testid="mute"
            >
              {sound.muted ? t('sound.muted') : t('sound.on')}
            </Button>
            {canSet && data && (
              <ActionIcon
                variant="default"
                size={48}
                onClick={() => setSettings((d) => ({ opened: true, key: d.key + 1 }))}
                aria-label={t('settings.open')}
              >
                <IconSettings size={24} />
              </ActionIcon>
            )}
            <Button
              size="lg"
              variant="white"
              color="dark"
              leftSection={<IconArrowBackUp size={22} />}
              disabled={!lastBumped}
              loading={recall.isPending}
              onClick={() => lastBumped && recall.mutate(lastBumped.orderId)}
              data-testid="recall"
            >
              {lastBumped ? t('recall.token', { token: lastBumped.token_no }) : t('recall.none')}
            </Button>
          </>
        }
      />
      {body}
      {data && canSet && (
        <KitchenSettingsDialog
          key={settings.key}
          opened={settings.opened}
          onClose={() => setSettings((d) => ({ ...d, opened: false }))}
          settings={data.settings}
        />
      )}
    </Stack>
  );
}
