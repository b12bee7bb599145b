import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDeviceDesktop, IconDeviceMobile, IconTrash } from '@tabler/icons-react';
import type { Device } from '@comanda/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.ts';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { invalidateResources } from '../../lib/resources.ts';
import { devicesQueryOptions } from './api/get-devices.ts';
import { removeDevice } from './api/mutations.ts';
import type { ReactNode } from 'react';

const isPhone = (name: string) => /android|ios|iphone|ipad|mobile/i.test(name);

/**
 * /dashboard/devices, 'My Devices': every signed-in device; any but this one can be signed out. The
 * owner's store devices (staff-pins) come in `storeDevices`, composed in app/routes/devices.tsx.
 */
export function DevicesPage({ storeDevices }: { storeDevices?: ReactNode }) {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const devices = useQuery(devicesQueryOptions());
  const remove = useMutation({
    mutationFn: removeDevice,
    onSuccess: (res) => {
      toast.success(res.message);
      void invalidateResources(queryClient, ['devices']);
    },
    onError: (error) => toast.fromError(error, 'Something went wrong!'),
  });

  const confirmRemove = (device: Device) =>
    modals.openConfirmModal({
      title: t('devices.removeTitle'),
      children: <Text fz="sm">{t('Are you sure! This device will be logged out!')}</Text>,
      labels: { confirm: t('devices.remove'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate({ device_id: device.device_id }),
    });

  return (
    <Stack>
      <PageHeader title={t('nav.devices')} description={t('devices.subtitle')} />
      {storeDevices}
      {devices.isPending ? (
        <Loading />
      ) : devices.isError ? (
        <LoadError message="Error loading devices, Please try later!" />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {devices.data.map((d) => {
            const DeviceIcon = isPhone(d.device_name) ? IconDeviceMobile : IconDeviceDesktop;
            return (
              <Card key={d.device_id} withBorder radius="lg" padding="lg" data-testid="device-card">
                <Stack gap="sm" h="100%" justify="space-between">
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <ThemeIcon variant="light" size={44} radius="md" style={{ flexShrink: 0 }}>
                      <DeviceIcon size={24} />
                    </ThemeIcon>
                    <Stack gap={0}>
                      <Text fw={700}>{d.device_name}</Text>
                      <Text fz="sm" c="dimmed">
                        {t('devices.ip', { ip: d.device_ip ?? '-' })}
                      </Text>
                    </Stack>
                  </Group>
                  <Group justify="space-between" align="center">
                    <Text fz="xs" c="dimmed">
                      {t('devices.signedIn', { when: dayjs(d.created_at).format('DD MMM YYYY, HH:mm') })}
                    </Text>
                    {d.isMyDevice ? (
                      <Badge color="teal" variant="light" style={{ flexShrink: 0 }}>
                        {t('devices.thisDevice')}
                      </Badge>
                    ) : (
                      <Button
                        variant="light"
                        color="red"
                        size="xs"
                        leftSection={<IconTrash size={14} />}
                        onClick={() => confirmRemove(d)}
                      >
                        {t('devices.remove')}
                      </Button>
                    )}
                  </Group>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
