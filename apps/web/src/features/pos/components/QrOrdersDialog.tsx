import { Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconQrcode } from '@tabler/icons-react';
import type { QrOrder } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadError, Loading } from '../../../components/LoadState.tsx';
import { useSaveMutation } from '../../../lib/mutations.ts';
import { toast } from '../../../lib/toast.ts';
import { cancelAllQrOrders, cancelQrOrder } from '../api/mutations.ts';
import { qrOrdersQueryOptions } from '../api/get-qr-orders.ts';

const CLEAR_FAILED = "We're getting issue while clearing orders! Please try later!";

/**
 * QR Menu Orders (SPEC §2 POS): the diners' pending orders; Load one into the cart, cancel one or all
 * (each asks first). A loaded order leaves the list when the cart is sent.
 */
export const QrOrdersDialog = memo(function QrOrdersDialog({
  opened,
  onClose,
  onLoad,
}: {
  opened: boolean;
  onClose: () => void;
  onLoad: (order: QrOrder) => void;
}) {
  const { t } = useTranslation('pos');
  const list = useQuery({ ...qrOrdersQueryOptions(), enabled: opened });
  const cancelOne = useSaveMutation({ mutationFn: cancelQrOrder, changes: ['qr_orders'] });
  const cancelAll = useSaveMutation({
    mutationFn: cancelAllQrOrders,
    changes: ['qr_orders'],
    handleError: (error) => {
      console.error(error);
      toast.error(t(CLEAR_FAILED));
      return true;
    },
  });

  const confirm = (title: string, onConfirm: () => void) =>
    modals.openConfirmModal({
      title,
      children: t('qr.confirmText'),
      labels: { confirm: t('qr.confirmYes'), cancel: t('qr.confirmNo') },
      confirmProps: { color: 'red' },
      onConfirm,
    });

  const orders = list.data?.qrOrders ?? [];
  let body;
  if (list.isPending) body = <Loading />;
  else if (list.isError) body = <LoadError message="Error loading data, Try Later!" />;
  else if (orders.length === 0)
    body = <EmptyState icon={IconQrcode} title={t('qr.empty')} text={t('qr.emptyText')} withCard={false} />;
  else
    body = (
      <Stack gap="sm">
        {orders.map((o) => (
          <Card key={o.id} withBorder radius="md" padding="sm" data-testid="qr-order">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>
                  {o.customer_name || t('qr.guest')}
                  {o.customer_id ? ` · ${o.customer_id}` : ''}
                </Text>
                <Text fz="sm" c="dimmed">
                  {o.table_title ? t('qr.table', { table: o.table_title }) : t(`dining.${o.delivery_type}`)}
                </Text>
                <Text fz="sm" mt={4}>
                  {o.items
                    .map(
                      (i) =>
                        `${i.quantity} × ${i.item_title}${i.variant_title ? ` (${i.variant_title})` : ''}` +
                        (i.addons.length ? ` + ${i.addons.map((a) => a.title).join(', ')}` : ''),
                    )
                    .join('; ')}
                </Text>
              </div>
              <Group gap="xs" wrap="nowrap">
                <Button
                  variant="default"
                  onClick={() => confirm(t('qr.cancelOneTitle'), () => cancelOne.mutate(o.id))}
                >
                  {t('qr.cancel')}
                </Button>
                <Button onClick={() => onLoad(o)}>{t('qr.load')}</Button>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
    );

  return (
    <Modal opened={opened} onClose={onClose} title={t('qr.title')} centered size="lg">
      <Stack gap="md">
        {body}
        {orders.length > 0 && (
          <Group justify="flex-end">
            <Button
              color="red"
              variant="light"
              loading={cancelAll.isPending}
              onClick={() => confirm(t('qr.cancelAllTitle'), () => cancelAll.mutate(undefined))}
            >
              {t('qr.cancelAll')}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
});
