import { Alert, Badge, Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type OutboxEntry, dismissEntry, retryEntry } from '../../lib/offline/outbox.ts';
import { useOffline } from '../../lib/offline/use-offline.tsx';
import { errorText } from '../../lib/toast.ts';
import { ApiError } from '../../lib/api-client.ts';

/**
 * The header's connection and sync badge (issue 14): always on screen, it says whether the server can
 * be reached and how many calls this device still holds ('3 unsynced'), in red when the server refused
 * one. A tap opens the list: what waits, and for each refusal what the server said and what to do.
 */
export function SyncBadge() {
  const { t } = useTranslation('dashboard');
  const { online, loaded, pending, refused, entries, kick } = useOffline();
  const [open, setOpen] = useState(false);

  const color = refused > 0 ? 'red' : !online ? 'gray' : pending > 0 ? 'yellow' : 'teal';
  const Icon = refused > 0 ? IconAlertTriangle : online ? IconCloudCheck : IconCloudOff;
  const state = online ? t('sync.online') : t('sync.offline');
  const counts = [
    pending > 0 ? t('sync.unsynced', { count: pending }) : null,
    refused > 0 ? t('sync.refused', { count: refused }) : null,
  ].filter(Boolean);

  return (
    <>
      <UnstyledButton
        onClick={() => setOpen(true)}
        mih={44}
        px={4}
        aria-label={t('sync.label', { state: [state, ...counts].join(', ') })}
        data-testid="sync-badge"
        data-online={online}
        data-loaded={loaded}
        data-pending={pending}
        data-refused={refused}
      >
        <Badge
          size="lg"
          radius="sm"
          variant="light"
          color={color}
          leftSection={<Icon size={16} aria-hidden />}
          styles={{ label: { textTransform: 'none' } }}
        >
          {(online ? (counts.length > 0 ? counts : [state]) : [state, ...counts]).join(' · ')}
        </Badge>
      </UnstyledButton>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('sync.title')} size="lg">
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            {online ? t('sync.onlineText') : t('sync.offlineText')}
          </Text>
          {entries.length === 0 ? (
            <Text data-testid="sync-empty">{t('sync.empty')}</Text>
          ) : (
            entries.map((entry) => <EntryRow key={entry.seq} entry={entry} />)
          )}
          <Group justify="flex-end">
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={kick}
              disabled={pending === 0}
              mih={44}
            >
              {t('sync.now')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Tries after which a call the server keeps failing is shown with the reason, and may be skipped. */
const STUCK_AFTER = 3;

/** One queued call: what it is, and for a refusal the server's reason with Retry and Dismiss. */
function EntryRow({ entry }: { entry: OutboxEntry }) {
  const { t } = useTranslation('dashboard');
  const what = t(`sync.kind.${entry.kind}`, {
    token: entry.order?.provisionalToken ?? '',
    label: entry.label,
  });
  const time = new Date(entry.createdAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const tried = entry.attempts > 0 ? t('sync.tried', { time, count: entry.attempts }) : time;
  // A call the server keeps failing (a 5xx, again and again) would hold up everything behind it: after
  // a few failures in a row the cashier sees why, and may skip it once they have checked.
  const stuck = entry.state === 'pending' && (entry.lastError?.count ?? 0) >= STUCK_AFTER;
  if (entry.state === 'pending' && !stuck)
    return (
      <Group justify="space-between" wrap="nowrap" data-testid="sync-entry" data-state="pending">
        <Text fz="sm">{what}</Text>
        {/* Tries are not counted here: offline, every tap tries, and that is not news. */}
        <Text fz="xs" c="dimmed">
          {time}
        </Text>
      </Group>
    );
  if (stuck)
    return (
      <Alert color="yellow" variant="light" title={what} data-testid="sync-entry" data-state="stuck">
        <Stack gap="xs">
          <Text fz="sm">{t('sync.stuck', { reason: entry.lastError?.message, tried })}</Text>
          <Group gap="xs">
            <Button
              size="sm"
              color="red"
              mih={44}
              onClick={() =>
                modals.openConfirmModal({
                  title: t('sync.skipTitle'),
                  children: t('sync.skipText'),
                  labels: { confirm: t('sync.skip'), cancel: t('sync.keep') },
                  confirmProps: { color: 'red' },
                  onConfirm: () => void dismissEntry(entry.seq),
                })
              }
            >
              {t('sync.skip')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  const reason = entry.error
    ? errorText(
        new ApiError(entry.error.status, entry.error.message, entry.error.code, entry.error.params),
        'Something went wrong!',
      )
    : '';
  // Refused because an order of the group was refused first: trying again cannot help.
  const retryable = entry.error?.code !== 'offline_order_missing';
  return (
    <Alert
      color="red"
      variant="light"
      title={what}
      data-testid="sync-entry"
      data-state="refused"
      data-attempts={entry.attempts}
    >
      <Stack gap="xs">
        <Text fz="sm">{t('sync.refusedBecause', { reason })}</Text>
        <Text fz="sm">{t(entry.order ? 'sync.whatToDoOrder' : 'sync.whatToDo')}</Text>
        <Group gap="xs">
          {retryable && (
            <Button size="sm" variant="default" mih={44} onClick={() => void retryEntry(entry.seq)}>
              {t('sync.retry')}
            </Button>
          )}
          <Button size="sm" color="red" mih={44} onClick={() => void dismissEntry(entry.seq)}>
            {t('sync.dismiss')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
