import { Button, Card, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { currencies, storeSettingsSchema, type StoreSettings } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, downloadFile } from '../../lib/api-client.ts';
import { useFillForm, zodValidate } from '../../lib/forms.ts';
import { useSaveMutation } from '../../lib/mutations.ts';
import { errorText, toast } from '../../lib/toast.ts';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { storeSettingsQueryOptions } from './api/get-store-settings.ts';
import { saveStoreSettings } from './api/mutations.ts';
import { BillSettingsCard } from './BillSettingsCard.tsx';
import { QrOrderFlowChoice } from './QrOrderFlowChoice.tsx';
import { timeZoneGroups } from './time-zones.ts';

type FormValues = Omit<
  StoreSettings,
  'image' | 'uniqueQRCode' | 'store_name' | 'is_qr_menu_enabled' | 'is_qr_order_enabled'
>;

/** /dashboard/settings/details: store name, contact, currency and the QR menu switches. */
export function StoreDetailsPage() {
  const { t } = useTranslation('settings');
  const store = useQuery(storeSettingsQueryOptions());
  const form = useForm<FormValues>({
    initialValues: {
      storeName: '',
      address: '',
      phone: '',
      email: '',
      currency: 'USD',
      timezone: 'UTC',
      isQRMenuEnabled: false,
      isQROrderEnabled: false,
      qrOrdersToKitchen: false,
    },
    validate: zodValidate(storeSettingsSchema),
  });
  // The form edits the camelCase fields; the snake copies (SPEC §3) are the server's to write.
  useFillForm(
    form,
    store.data,
    ({ image, uniqueQRCode, store_name, is_qr_menu_enabled, is_qr_order_enabled, ...values }) => values,
  );

  const currencyOptions = useMemo(
    () => currencies().map((c) => ({ value: c.code, label: `${c.code} - ${c.name} (${c.symbol})` })),
    [],
  );
  const savedZone = store.data?.timezone;
  const zoneOptions = useMemo(() => timeZoneGroups(savedZone), [savedZone]);
  const save = useSaveMutation({
    mutationFn: saveStoreSettings,
    changes: ['store'],
    // A currency that would round menu prices: the server says what would happen, the user decides.
    handleError: (error) => {
      if (!(error instanceof ApiError) || error.code !== 'currency_rounds_prices') return false;
      modals.openConfirmModal({
        title: t('details.roundTitle'),
        children: errorText(error, 'Something went wrong!'),
        labels: { confirm: t('details.roundConfirm'), cancel: t('details.roundCancel') },
        confirmProps: { color: 'red' },
        onConfirm: () => save.mutate({ ...form.getValues(), confirmPriceRounding: true }),
      });
      return true;
    },
  });

  const downloadQr = () =>
    downloadFile('/settings/store-setting/qr').catch((error: unknown) =>
      toast.fromError(error, 'Something went wrong!'),
    );

  return (
    <Stack>
      <PageHeader
        title={t('details.title')}
        description={t('details.subtitle')}
        actions={
          <Button type="submit" form="store-details-form" loading={save.isPending} disabled={!store.data}>
            {t('common.save')}
          </Button>
        }
      />
      {store.isPending ? (
        <Loading />
      ) : store.isError ? (
        <LoadError message="Error loading data, Try Later!" />
      ) : (
        <Card withBorder radius="lg" padding="xl">
          <form id="store-details-form" onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('details.storeName')} {...form.getInputProps('storeName')} />
                <TextInput label={t('details.phone')} type="tel" {...form.getInputProps('phone')} />
                <TextInput label={t('details.email')} type="email" {...form.getInputProps('email')} />
                <Select
                  label={t('details.currency')}
                  data={currencyOptions}
                  searchable
                  allowDeselect={false}
                  nothingFoundMessage={t('details.noCurrency')}
                  comboboxProps={{ keepMounted: false }}
                  {...form.getInputProps('currency')}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('details.address')} {...form.getInputProps('address')} />
                <Select
                  label={t('details.timezone')}
                  description={t('details.timezoneHint')}
                  data={zoneOptions}
                  searchable
                  allowDeselect={false}
                  nothingFoundMessage={t('details.noTimezone')}
                  comboboxProps={{ keepMounted: false }}
                  maxDropdownHeight={320}
                  {...form.getInputProps('timezone')}
                />
              </SimpleGrid>
              <Switch
                label={t('details.qrMenu')}
                description={t('details.qrMenuHint')}
                {...form.getInputProps('isQRMenuEnabled', { type: 'checkbox' })}
              />
              <Switch
                label={t('details.qrOrder')}
                description={t('details.qrOrderHint')}
                {...form.getInputProps('isQROrderEnabled', { type: 'checkbox' })}
              />
              {form.values.isQROrderEnabled && (
                <QrOrderFlowChoice
                  toKitchen={form.values.qrOrdersToKitchen}
                  onChange={(toKitchen) => form.setFieldValue('qrOrdersToKitchen', toKitchen)}
                />
              )}
              <Group justify="space-between" mt="sm">
                {store.data.isQRMenuEnabled ? (
                  <Group gap="sm">
                    <Button
                      variant="light"
                      leftSection={<IconDownload size={18} />}
                      onClick={() => void downloadQr()}
                    >
                      {t('details.downloadQr')}
                    </Button>
                    <Button
                      variant="subtle"
                      component="a"
                      href={`/m/${store.data.uniqueQRCode}`}
                      target="_blank"
                      rel="noreferrer"
                      leftSection={<IconExternalLink size={18} />}
                    >
                      {t('details.viewMenu')}
                    </Button>
                  </Group>
                ) : (
                  <Text fz="sm" c="dimmed">
                    {t('details.qrOff')}
                  </Text>
                )}
              </Group>
            </Stack>
          </form>
        </Card>
      )}
      <BillSettingsCard />
    </Stack>
  );
}
