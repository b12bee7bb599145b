import { Button, Card, Stack, Table, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Icon, IconPlus } from '@tabler/icons-react';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { zodValidate } from '../../lib/forms.ts';
import { useSaveMutation } from '../../lib/mutations.ts';
import type { Resource } from '../../lib/resources.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadError, Loading } from '../../components/LoadState.tsx';
import { RowActions } from '../../components/RowActions.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useEditDialog } from './use-edit-dialog.ts';

type Row = { id: number; title: string };
type Message = { message: string };

/**
 * A settings list whose rows are a title (categories, payment types): table, add and update dialogs,
 * delete with confirmation, and optional extra cells. Each screen passes its own calls and messages.
 */
type ExtraColumn<R> = { header: string; cell: (row: R) => ReactNode };

export function TitleListPage<R extends Row, K extends QueryKey>(props: {
  ns: {
    title: string;
    subtitle: string;
    add: string;
    update: string;
    empty: string;
    emptyAction: string;
    column: string;
  };
  query: UseQueryOptions<R[], Error, R[], K>;
  /** The resource the list shows, made stale by its saves. */
  changes: Resource;
  add: (body: { title: string }) => Promise<Message>;
  update: (body: { id: number; title: string; row: R }) => Promise<Message>;
  remove: (id: number) => Promise<Message>;
  addSchema: z.ZodType;
  updateSchema: z.ZodType;
  /** One more column, or several, between the title and the actions. */
  extraColumn?: ExtraColumn<R> | ExtraColumn<R>[];
  /** What deleting the row leaves behind, said in the confirmation (categories: items without one). */
  deleteDetail?: (row: R) => string | undefined;
  emptyIcon: Icon;
  testId: string;
  /** What the screen shows between its header and the list (the void reasons' rule). */
  aside?: ReactNode;
}) {
  const { t } = useTranslation('settings');
  const list = useQuery(props.query);
  const dialog = useEditDialog<R>();
  const extras = props.extraColumn === undefined ? [] : [props.extraColumn].flat();
  const form = useForm({
    initialValues: { title: '' },
    validate: (values) => zodValidate(dialog.editing ? props.updateSchema : props.addSchema)(values),
  });
  const changes = [props.changes];
  const add = useSaveMutation({ mutationFn: props.add, changes, onSuccess: dialog.close });
  const update = useSaveMutation({ mutationFn: props.update, changes, onSuccess: dialog.close });
  const remove = useSaveMutation({ mutationFn: props.remove, changes });

  const open = (row: R | null) => {
    form.setValues({ title: row?.title ?? '' });
    form.clearErrors();
    if (row) dialog.openEdit(row);
    else dialog.openAdd();
  };
  const submit = form.onSubmit((values) =>
    dialog.editing
      ? update.mutate({ id: dialog.editing.id, title: values.title, row: dialog.editing })
      : add.mutate(values),
  );

  return (
    <Stack>
      <PageHeader
        title={t(props.ns.title)}
        description={t(props.ns.subtitle)}
        actions={
          <Button leftSection={<IconPlus size={18} />} onClick={() => open(null)}>
            {t(props.ns.add)}
          </Button>
        }
      />
      {props.aside}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError message="Error loading data, Try Later!" />
      ) : (
        <Card withBorder radius="lg" padding={0}>
          {list.data.length === 0 ? (
            <EmptyState
              withCard={false}
              icon={props.emptyIcon}
              title={t(props.ns.empty)}
              actionLabel={t(props.ns.emptyAction)}
              onAction={() => open(null)}
            />
          ) : (
            <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={60}>#</Table.Th>
                  <Table.Th>{t(props.ns.column)}</Table.Th>
                  {extras.map((c) => (
                    <Table.Th key={c.header}>{t(c.header)}</Table.Th>
                  ))}
                  <Table.Th ta="right">{t('common.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((row, index) => (
                  <Table.Tr key={row.id} data-testid={props.testId}>
                    <Table.Td c="dimmed">{index + 1}</Table.Td>
                    <Table.Td fw={600}>{row.title}</Table.Td>
                    {extras.map((c) => (
                      <Table.Td key={c.header}>{c.cell(row)}</Table.Td>
                    ))}
                    <Table.Td>
                      <RowActions
                        onEdit={() => open(row)}
                        onDelete={() => remove.mutate(row.id)}
                        deleteDetail={props.deleteDetail?.(row)}
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
        title={t(dialog.editing ? props.ns.update : props.ns.add)}
        onSubmit={submit}
        loading={add.isPending || update.isPending}
      >
        <TextInput label={t('common.title')} required data-autofocus {...form.getInputProps('title')} />
      </FormModal>
    </Stack>
  );
}
