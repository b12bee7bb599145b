import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconQrcode, IconTable, IconUsers } from '@tabler/icons-react';
import { storeTableSchema, type StoreTable } from '@comanda/core';
import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { downloadFile } from '../../lib/api-client.ts';
import { zodValidate } from '../../lib/forms.ts';
import { useSaveMutation } from '../../lib/mutations.ts';
import { toast } from '../../lib/toast.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { NameTagsCard } from './NameTagsCard.tsx';
import { tablesQueryOptions } from './api/get-tables.ts';
import { addTable, deleteTable, updateTable } from './api/mutations.ts';
import { FloorPlanEditor } from './FloorPlanEditor.tsx';
import { useEditDialog } from './use-edit-dialog.ts';

/** /dashboard/settings/tables: the dining room's tables and their QR codes (SPEC §2 Store Tables). */
export function TablesPage() {
  const { t } = useTranslation('settings');
  const tables = useQuery(tablesQueryOptions());
  // The cards or the floor plan (issue 31); in the address, so a reload stays on it.
  const [params, setParams] = useSearchParams();
  const tab = params.get('view') === 'plan' ? 'plan' : 'list';
  const dialog = useEditDialog<StoreTable>();
  const form = useForm<z.input<typeof storeTableSchema>>({
    initialValues: { title: '', floor: '', seatingCapacity: '' },
    validate: zodValidate(storeTableSchema),
  });
  const add = useSaveMutation({
    mutationFn: addTable,
    changes: ['tables'],
    onSuccess: dialog.close,
  });
  const update = useSaveMutation({
    mutationFn: updateTable,
    changes: ['tables'],
    onSuccess: dialog.close,
  });
  const remove = useSaveMutation({ mutationFn: deleteTable, changes: ['tables'] });

  const openAdd = () => {
    form.setValues({ title: '', floor: '', seatingCapacity: '' });
    form.clearErrors();
    dialog.openAdd();
  };
  const openEdit = (row: StoreTable) => {
    form.setValues({ title: row.table_title, floor: row.floor, seatingCapacity: row.seating_capacity });
    form.clearErrors();
    dialog.openEdit(row);
  };
  const submit = form.onSubmit((values) =>
    dialog.editing ? update.mutate({ ...values, id: dialog.editing.id }) : add.mutate(values),
  );
  const downloadQr = (row: StoreTable) =>
    downloadFile(`/settings/store-tables/${row.id}/qr`).catch((error: unknown) =>
      toast.fromError(error, 'Something went wrong!'),
    );

  return (
    <Stack>
      <PageHeader
        title={t('tables.title')}
        description={t('tables.subtitle')}
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={openAdd}>
            {t('tables.add')}
          </Button>
        }
      />
      <Tabs
        value={tab}
        onChange={(v) => setParams(v === 'plan' ? { view: 'plan' } : {}, { replace: true })}
        keepMounted={false}
        // A tab is a touch target like any other (44 px).
        styles={{ tab: { minHeight: 44 } }}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="list">{t('tables.tabList')}</Tabs.Tab>
          <Tabs.Tab value="plan">{t('tables.tabPlan')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="plan">
          <FloorPlanEditor />
        </Tabs.Panel>
        <Tabs.Panel value="list">
          <NameTagsCard />
          {tables.isPending ? (
            <Loading />
          ) : tables.isError ? (
            <LoadError message="Error loading data, Try Later!" />
          ) : tables.data.length === 0 ? (
            <EmptyState
              icon={IconTable}
              title={t('tables.empty')}
              actionLabel={t('tables.emptyAction')}
              onAction={openAdd}
            />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }}>
              {tables.data.map((row) => (
                <Card key={row.id} withBorder radius="lg" padding="lg" data-testid="table-card">
                  <Stack gap="sm">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Stack gap={2}>
                        <Text fw={700} fz="lg">
                          {row.table_title}
                        </Text>
                        <Text fz="sm" c="dimmed">
                          {t('tables.floorOf', { floor: row.floor })}
                        </Text>
                      </Stack>
                      <Group gap={4} c="dimmed" wrap="nowrap">
                        <IconUsers size={16} />
                        <Text fz="sm">{row.seating_capacity}</Text>
                      </Group>
                    </Group>
                    <Group justify="space-between">
                      <Button
                        variant="light"
                        size="xs"
                        leftSection={<IconQrcode size={16} />}
                        onClick={() => void downloadQr(row)}
                      >
                        {t('tables.downloadQr')}
                      </Button>
                      <RowActions onEdit={() => openEdit(row)} onDelete={() => remove.mutate(row.id)} />
                    </Group>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          )}
        </Tabs.Panel>
      </Tabs>
      <FormModal
        opened={dialog.opened}
        onClose={dialog.close}
        title={dialog.editing ? t('tables.update') : t('tables.add')}
        onSubmit={submit}
        loading={add.isPending || update.isPending}
      >
        <TextInput label={t('tables.fieldTitle')} required data-autofocus {...form.getInputProps('title')} />
        <TextInput label={t('tables.fieldFloor')} placeholder="-" required {...form.getInputProps('floor')} />
        <NumberInput
          label={t('tables.fieldSeats')}
          min={0}
          // Let a negative count through to validation, so the spec's message explains it.
          clampBehavior="none"
          allowDecimal={false}
          required
          inputMode="numeric"
          {...form.getInputProps('seatingCapacity')}
        />
      </FormModal>
    </Stack>
  );
}
