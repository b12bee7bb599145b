import { Button, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Category, type Tax, menuItemSchema } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { zodValidate } from '../../../lib/forms.ts';
import { useSaveMutation } from '../../../lib/mutations.ts';
import { LoadError, Loading } from '../../../components/LoadState.tsx';
import { newItemDefaultsQueryOptions } from '../api/get-menu-items.ts';
import { addMenuItem } from '../api/mutations.ts';
import type { StoreCatalogue } from '../catalogue.ts';
import { useDialogProps } from './dialog-props.ts';
import { emptyItemValues, MenuItemFields, type MenuItemFormValues } from './MenuItemFields.tsx';
import { DialogActions } from '../../../components/DialogActions.tsx';

/**
 * Loads what the form offers and starts from: the category and tax lists, and the last added item's
 * category and tax (issue 31: a menu is typed in category by category, so the next item usually
 * shares them). A failed defaults fetch starts empty rather than blocking the form.
 */
function AddMenuItemForm(props: { currency: string; catalogue: StoreCatalogue; onDone: () => void }) {
  const categories = props.catalogue.useCategories();
  const taxes = props.catalogue.useTaxes();
  const defaults = useQuery(newItemDefaultsQueryOptions());

  if (categories.isPending || taxes.isPending || defaults.isPending) return <Loading />;
  if (categories.isError || taxes.isError) return <LoadError message="Error loading data, Try Later!" />;
  const last = defaults.data;
  const initial: MenuItemFormValues = {
    ...emptyItemValues,
    ...(last?.categoryId != null && categories.data.some((c) => c.id === last.categoryId)
      ? { categoryId: String(last.categoryId) }
      : {}),
    ...(last?.taxId != null && taxes.data.some((x) => x.id === last.taxId)
      ? { taxId: String(last.taxId) }
      : {}),
  };
  return <AddMenuItemFields {...props} categories={categories.data} taxes={taxes.data} initial={initial} />;
}

function AddMenuItemFields({
  currency,
  categories,
  taxes,
  initial,
  onDone,
}: {
  currency: string;
  categories: Category[];
  taxes: Tax[];
  initial: MenuItemFormValues;
  onDone: () => void;
}) {
  const { t } = useTranslation('menu');
  const form = useForm<MenuItemFormValues>({
    initialValues: initial,
    validate: zodValidate(menuItemSchema),
  });
  const save = useSaveMutation({ mutationFn: addMenuItem, changes: ['menu'], onSuccess: onDone });

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(menuItemSchema.parse(values)))} noValidate>
      <Stack gap="lg">
        <MenuItemFields form={form} currency={currency} categories={categories} taxes={taxes} autoFocus />
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
