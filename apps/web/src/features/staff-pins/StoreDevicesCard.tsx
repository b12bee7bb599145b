import { Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDeviceTablet, IconTrash } from '@tabler/icons-react';
import { IDLE_SECONDS_DEFAULT, type StoreDevice } from '@comanda/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { forgetSession, setSigningOut } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { createStoreDevice, revokeStoreDevice, storeDevicesQueryOptions, updateStoreDevice } from './api.ts';

const IDLE_CHOICES = [15, 30, 60, 120, 300, 900, 3600, 0];

/**
 * The owner's store devices (docs/staff-pins.md), on My Devices: make this browser one (it then shows
 * the PIN pad), set each one's idle lock, remove one (it shows the e-mail sign-in again).
 */
export function StoreDevicesCard() {
  const { t } = useTranslation('staffPins');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = useQuery(storeDevicesQueryOptions());
  const [name, setName] = useState('');
  const [idle, setIdle] = useState(String(IDLE_SECONDS_DEFAULT));
  const idleData = IDLE_CHOICES.map((s) => ({ value: String(s), label: t(`idle.${s}`) }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: storeDevicesQueryOptions().queryKey });
  const onError = (error: unknown) => toast.fromError(error, 'Something went wrong!');

  const create = useMutation({
    mutationFn: () => createStoreDevice({ name, idleSeconds: Number(idle) }),
    onSuccess: async (res) => {
      toast.success(res.message);
      // The owner's session here ended with it: the PIN pad takes over.
      setSigningOut('tenant', true);
      forgetSession('tenant');
      queryClient.clear();
      await navigate(paths.pin, { replace: true });
    },
    onError,
  });
  const update = useMutation({
    mutationFn: (v: { id: number; idleSeconds: number }) => updateStoreDevice(v.id, { idleSeconds: v.idleSeconds }),
    onSuccess: () => void refresh(),
    onError,
  });
  const revoke = useMutation({
    mutationFn: revokeStoreDevice,
    onSuccess: (res) => {
      toast.success(res.message);
      void refresh();
    },
    onError,
  });
  const confirmRevoke = (d: StoreDevice) =>
    modals.openConfirmModal({
      title: t('devices.removeTitle'),
      children: <Text fz="sm">{t('devices.removeText', { name: d.name })}</Text>,
      labels: { confirm: t('devices.remove'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(d.id),
    });

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="store-devices-card">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            {t('devices.title')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('devices.hint')}
          </Text>
        </Stack>
        {list.data && list.data.length === 0 && <Text fz="sm">{t('devices.none')}</Text>}
        {list.data?.map((d) => (
          <Group key={d.id} justify="space-between" wrap="wrap" gap="sm" data-testid="store-device-row">
            <Group gap="sm" wrap="nowrap">
              <IconDeviceTablet size={24} aria-hidden />
              <Stack gap={0}>
                <Group gap={6}>
                  <Text fw={700}>{d.name}</Text>
                  {d.isThisDevice && (
                    <Badge color="teal" variant="light">
                      {t('devices.thisOne')}
                    </Badge>
                  )}
                </Group>
                <Text fz="xs" c="dimmed">
                  {t('devices.lastSeen', { when: dayjs(d.lastSeenAt).format('DD MMM YYYY, HH:mm') })}
                </Text>
              </Stack>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Select
                aria-label={t('devices.idleLabel', { name: d.name })}
                data={idleData}
                value={String(d.idleSeconds)}
                allowDeselect={false}
                w={190}
                onChange={(v) => v !== null && update.mutate({ id: d.id, idleSeconds: Number(v) })}
              />
              <Button
                variant="light"
                color="red"
                mih={44}
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => confirmRevoke(d)}
              >
                {t('devices.remove')}
              </Button>
            </Group>
          </Group>
        ))}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate();
          }}
        >
          <Stack gap="sm" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            <Text fw={700}>{t('devices.useThis')}</Text>
            <Group align="flex-end" wrap="wrap" gap="sm">
              <TextInput
                label={t('devices.name')}
                placeholder={t('devices.namePlaceholder')}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                maxLength={60}
                style={{ flex: '1 1 200px' }}
              />
              <Select
                label={t('devices.idle')}
                data={idleData}
                value={idle}
                allowDeselect={false}
                onChange={(v) => v !== null && setIdle(v)}
                w={200}
              />
              <Button type="submit" mih={44} loading={create.isPending}>
                {t('devices.create')}
              </Button>
            </Group>
            <Text fz="xs" c="dimmed">
              {t('devices.createConfirm')}
            </Text>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
