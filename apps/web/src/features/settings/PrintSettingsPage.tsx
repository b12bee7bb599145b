import { Button, Card, SegmentedControl, SimpleGrid, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { printSettingsSchema, type PrintSettings } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFillForm, zodValidate } from '../../lib/forms.ts';
import { useSaveMutation } from '../../lib/mutations.ts';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { printSettingsQueryOptions } from './api/get-print-settings.ts';
import { savePrintSettings } from './api/mutations.ts';

const SWITCHES = [
  ['isEnablePrint', 'print.enable', 'print.enableHint'],
  ['showStoreDetails', 'print.storeDetails', 'print.storeDetailsHint'],
  ['showCustomerDetails', 'print.customerDetails', 'print.customerDetailsHint'],
  ['showNotes', 'print.notes', 'print.notesHint'],
  ['printToken', 'print.token', 'print.tokenHint'],
  ['printTokenDineIn', 'print.tokenDineIn', 'print.tokenDineInHint'],
] as const;

type FormValues = Omit<
  PrintSettings,
  | 'page_format'
  | 'show_notes'
  | 'is_enable_print'
  | 'show_store_details'
  | 'show_customer_details'
  | 'print_token'
  | 'print_token_dine_in'
>;

/** /dashboard/settings/print-settings: what receipts and tokens print (SPEC §2 Print Settings). */
export function PrintSettingsPage() {
  const { t } = useTranslation('settings');
  const print = useQuery(printSettingsQueryOptions());
  const form = useForm<FormValues>({
    initialValues: {
      pageFormat: 80,
      header: '',
      footer: '',
      showNotes: false,
      isEnablePrint: false,
      showStoreDetails: false,
      showCustomerDetails: false,
      printToken: false,
      printTokenDineIn: false,
    },
    validate: zodValidate(printSettingsSchema),
  });
  // The form edits the camelCase fields; the snake copies (SPEC §3) are the server's to write.
  useFillForm(
    form,
    print.data,
    ({
      page_format,
      show_notes,
      is_enable_print,
      show_store_details,
      show_customer_details,
      print_token,
      print_token_dine_in,
      ...values
    }) => values,
  );
  const save = useSaveMutation({ mutationFn: savePrintSettings, changes: ['print'] });

  return (
    <Stack>
      <PageHeader
        title={t('print.title')}
        description={t('print.subtitle')}
        actions={
          <Button type="submit" form="print-settings-form" loading={save.isPending} disabled={!print.data}>
            {t('common.save')}
          </Button>
        }
      />
      {print.isPending ? (
        <Loading />
      ) : print.isError ? (
        <LoadError message="Error loading data, Try Later!" />
      ) : (
        <Card withBorder radius="lg" padding="xl">
          <form id="print-settings-form" onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
            <Stack gap="lg">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                {SWITCHES.map(([field, label, hint]) => (
                  <Switch
                    key={field}
                    label={t(label)}
                    description={t(hint)}
                    {...form.getInputProps(field, { type: 'checkbox' })}
                  />
                ))}
              </SimpleGrid>
              <Stack gap={6}>
                <Text fz="sm" fw={500}>
                  {t('print.pageFormat')}
                </Text>
                <SegmentedControl
                  w="fit-content"
                  aria-label={t('print.pageFormat')}
                  data={[
                    { value: '80', label: '80 mm' },
                    { value: '57', label: '57 mm' },
                  ]}
                  value={String(form.values.pageFormat)}
                  onChange={(v) => form.setFieldValue('pageFormat', v === '57' ? 57 : 80)}
                />
              </Stack>
              <Textarea label={t('print.header')} autosize minRows={2} {...form.getInputProps('header')} />
              <Textarea label={t('print.footer')} autosize minRows={2} {...form.getInputProps('footer')} />
            </Stack>
          </form>
        </Card>
      )}
    </Stack>
  );
}
