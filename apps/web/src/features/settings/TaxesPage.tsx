import { Badge, Button, Card, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPercentage, IconPlus } from '@tabler/icons-react';
import { addTaxSchema, TAX_TYPES, type Tax, type TaxType, updateTaxSchema } from '@comanda/core';
import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { zodValidate } from '../../lib/forms.ts';
import { useSaveMutation } from '../../lib/mutations.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { taxesQueryOptions } from './api/get-taxes.ts';
import { addTax, deleteTax, updateTax } from './api/mutations.ts';
import { useEditDialog } from './use-edit-dialog.ts';

/** /dashboard/settings/tax-setup: taxes with their rate and type (SPEC §2 Tax Setup). */
export function TaxesPage() {
  const { t } = useTranslation('settings');
  const taxes = useQuery(taxesQueryOptions());
  const dialog = useEditDialog<Tax>();
  // The type is empty until one is picked; the schema refuses it so until then.
  const form = useForm<Omit<z.input<typeof addTaxSchema>, 'type'> & { type: TaxType | '' }>({
    initialValues: { title: '', rate: '', type: '' },
    validate: (values) => zodValidate(dialog.editing ? updateTaxSchema : addTaxSchema)(values),
  });
  const changes = ['tax'] as const;
  const add = useSaveMutation({ mutationFn: addTax, changes, onSuccess: dialog.close });
  const update = useSaveMutation({ mutationFn: updateTax, changes, onSuccess: dialog.close });
  const remove = useSaveMutation({ mutationFn: deleteTax, changes });

  const open = (row: Tax | null) => {
    form.setValues(
      row ? { title: row.title, rate: row.rate, type: row.type } : { title: '', rate: '', type: '' },
    );
    form.clearErrors();
    if (row) dialog.openEdit(row);
    else dialog.openAdd();
  };
  const submit = form.onSubmit((form) => {
    // Validated: a type was picked.
    const values = { ...form, type: form.type as TaxType };
    if (dialog.editing) update.mutate({ ...values, id: dialog.editing.id });
    else add.mutate(values);
  });

  return (
    <Stack>
      <PageHeader
        title={t('taxes.title')}
        description={t('taxes.subtitle')}
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => open(null)}>
            {t('taxes.add')}
          </Button>
        }
      />
      {taxes.isPending ? (
        <Loading />
      ) : taxes.isError ? (
        <LoadError message="Error loading data, Try Later!" />
      ) : (
        <Card withBorder radius="lg" padding={0}>
          {taxes.data.length === 0 ? (
            <EmptyState
              withCard={false}
              icon={IconPercentage}
              title={t('taxes.empty')}
              actionLabel={t('taxes.emptyAction')}
              onAction={() => open(null)}
            />
          ) : (
            <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={60}>#</Table.Th>
                  <Table.Th>{t('common.title')}</Table.Th>
                  <Table.Th>{t('taxes.rate')}</Table.Th>
                  <Table.Th>{t('taxes.type')}</Table.Th>
                  <Table.Th>{t('taxes.items')}</Table.Th>
                  <Table.Th ta="right">{t('common.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {taxes.data.map((row, index) => (
                  <Table.Tr key={row.id} data-testid="tax-row">
                    <Table.Td c="dimmed">{index + 1}</Table.Td>
                    <Table.Td fw={600}>{row.title}</Table.Td>
                    <Table.Td>{row.rate}%</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={row.type === 'inclusive' ? 'blue' : 'orange'}>
                        {t(`taxes.type.${row.type}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{row.items_count}</Table.Td>
                    <Table.Td>
                      <RowActions
                        onEdit={() => open(row)}
                        onDelete={() => remove.mutate(row.id)}
                        deleteDetail={
                          row.items_count > 0 ? t('taxes.leaves', { count: row.items_count }) : undefined
                        }
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
      )}
      <FormModal
        opened={dialog.opened}
        onClose={dialog.close}
        title={t(dialog.editing ? 'taxes.update' : 'taxes.add')}
        onSubmit={submit}
        loading={add.isPending || update.isPending}
      >
        <TextInput label={t('common.title')} required data-autofocus {...form.getInputProps('title')} />
        <NumberInput
          label={t('taxes.rateField')}
          required
          min={0}
          max={100}
          // What was typed stays (-5 is not turned into 0); validation explains what is wrong.
          clampBehavior="none"
          decimalScale={2}
          suffix="%"
          inputMode="decimal"
          {...form.getInputProps('rate')}
        />
        <Select
          label={t('taxes.type')}
          required
          comboboxProps={{ keepMounted: false }}

          data={TAX_TYPES.map((type) => ({ value: type, label: t(`taxes.type.${type}`) }))}
          {...form.getInputProps('type')}
        />
        <Text fz="xs" c="dimmed">
          {t('taxes.typeHint')}
        </Text>
      </FormModal>
    </Stack>
  );
}
