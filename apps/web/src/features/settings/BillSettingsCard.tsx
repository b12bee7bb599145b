import {
  Button,
  Card,
  Fieldset,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
  type NumberInputProps,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { type BillSettingsInput, billSettingsSchema } from '@comanda/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api-client.ts';
import { useFillForm, zodValidate } from '../../lib/forms.ts';
import { useSaveMutation } from '../../lib/mutations.ts';
import { billSettingsQueryKey, billSettingsQueryOptions } from './api/get-bill-settings.ts';

const saveBillSettings = (body: BillSettingsInput) =>
  apiRequest<{ message: string }>('/settings/bill-setting', { method: 'POST', body });

interface Values {
  managerDiscountPercent: string | number;
  serviceChargePercent: string | number;
  serviceChargeGuests: string | number;
}

/**
 * Store Details, Bills (docs/discounts.md): the discount percentage above which a manager must take the
 * payment, and the automatic service charge for parties of at least N guests (0 % for none).
 */
export function BillSettingsCard() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const settings = useQuery(billSettingsQueryOptions());
  const form = useForm<Values>({
    initialValues: { managerDiscountPercent: 20, serviceChargePercent: 0, serviceChargeGuests: 6 },
    validate: zodValidate(billSettingsSchema),
  });
  useFillForm(form, settings.data, (values) => values);
  const save = useSaveMutation({
    mutationFn: saveBillSettings,
    changes: ['store'],
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: billSettingsQueryKey }),
  });
  return (
    <Card withBorder radius="lg" padding="xl">
      <form
        id="bill-settings-form"
        noValidate
        onSubmit={form.onSubmit((v) =>
          save.mutate({
            managerDiscountPercent: String(v.managerDiscountPercent),
            serviceChargePercent: String(v.serviceChargePercent),
            serviceChargeGuests: Number(v.serviceChargeGuests),
          }),
        )}
      >
        <Stack gap="md">
          <Group justify="space-between">
            <Stack gap={2}>
              <Title order={2} fz="h4">
                {t('bills.title')}
              </Title>
              <Text fz="sm" c="dimmed">
                {t('bills.subtitle')}
              </Text>
            </Stack>
            <Button type="submit" loading={save.isPending} disabled={!settings.data}>
              {t('bills.save')}
            </Button>
          </Group>
          {/* Disabled until the saved values are in: what is typed before would be overwritten. */}
          <Fieldset variant="unstyled" disabled={!settings.data}>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
              <PercentInput
                label={t('bills.managerDiscount')}
                description={t('bills.managerDiscountHint')}
                {...form.getInputProps('managerDiscountPercent')}
              />
              <PercentInput
                label={t('bills.serviceCharge')}
                description={t('bills.serviceChargeHint')}
                {...form.getInputProps('serviceChargePercent')}
              />
              <NumberInput
                label={t('bills.guests')}
                description={t('bills.guestsHint')}
                min={1}
                max={999}
                allowDecimal={false}
                allowNegative={false}
                hideControls
                {...form.getInputProps('serviceChargeGuests')}
              />
            </SimpleGrid>
          </Fieldset>
        </Stack>
      </form>
    </Card>
  );
}

/** A percentage of the bill, 0 to 100 with up to 2 decimals. */
function PercentInput(props: NumberInputProps) {
  return (
    <NumberInput
      min={0}
      max={100}
      decimalScale={2}
      allowNegative={false}
      hideControls
      rightSection={<Text fz="sm">%</Text>}
      {...props}
    />
  );
}
