import { Button, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { menuItemSchema } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { zodValidate } from '../../../lib/forms.ts';
import { useSaveMutation } from '../../../lib/mutations.ts';
import { LoadError, Loading } from '../../../components/LoadState.tsx';
import { addMenuItem } from '../api/mutations.ts';
import type { StoreCatalogue } from '../catalogue.ts';
import { useDialogProps } from './dialog-props.ts';
import { emptyItemValues, MenuItemFields, type MenuItemFormValues } from './MenuItemFields.tsx';
import { DialogActions } from '../../../components/DialogActions.tsx';

function AddMenuItemForm({
  currency,
  catalogue,
  onDone,
}: {
  currency: string;
  catalogue: StoreCatalogue;
  onDone: () => void;
}) {
  const { t } = useTranslation('menu');
  const categories = catalogue.useCategories();
  const taxes = catalogue.useTaxes();
  const form = useForm<MenuItemFormValues>({
    initialValues: emptyItemValues,
    validate: zodValidate(menuItemSchema),
  });
  const save = useSaveMutation({ mutationFn: addMenuItem, changes: ['menu'], onSuccess: onDone });

  if (categories.isPending || taxes.isPending) return <Loading />;
  if (categories.isError || taxes.isError) return <LoadError message="Error loading data, Try Later!" />;
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(menuItemSchema.parse(values)))} noValidate>
      <Stack gap="lg">
        <MenuItemFields
          form={form}
          currency={currency}
          categories={categories.data}
          taxes={taxes.data}
          autoFocus
        />
        <DialogActions>
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('dialog.save')}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}

/** 'Add Menu Item': the new item's details; photo, variants and addons are added on its own screen. */
export function AddMenuItemDialog(props: {
  opened: boolean;
  onClose: () => void;
  currency: string;
  catalogue: StoreCatalogue;
}) {
  const { t } = useTranslation('menu');
  const dialogProps = useDialogProps(true);
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('add.title')} size="lg" {...dialogProps}>
      <AddMenuItemForm currency={props.currency} catalogue={props.catalogue} onDone={props.onClose} />
    </Modal>
  );
}
