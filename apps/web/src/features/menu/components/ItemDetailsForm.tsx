import { Card, Stack, Text, Title } from '@mantine/core';
import { type Category, type MenuItem, menuItemSchema, type Tax } from '@comanda/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { zodValidate } from '../../../lib/forms.ts';
import { useSaveMutation } from '../../../lib/mutations.ts';
import { updateMenuItem } from '../api/mutations.ts';
import { itemFormValues, MenuItemFields, type MenuItemFormValues } from './MenuItemFields.tsx';

/** The id of the details form, so the page header's Save button can submit it. */
export const ITEM_FORM_ID = 'menu-item-details';

/** The item's details form and its save; the caller keys it by item id so it starts from the item as loaded. */
export function useItemForm(item: MenuItem, currency: string) {
  const form = useForm<MenuItemFormValues>({
    initialValues: itemFormValues(item, currency),
    validate: zodValidate(menuItemSchema),
  });
  const save = useSaveMutation({
    mutationFn: updateMenuItem,
    changes: ['menu'],
    onSuccess: () => form.resetDirty(),
  });
  const onSubmit = form.onSubmit((values) => save.mutate({ id: item.id, ...menuItemSchema.parse(values) }));
  return { form, save, onSubmit };
}

/** The editable details of an item; submitted by the Save button in the page header. */
export function ItemDetailsForm(props: {
  itemForm: ReturnType<typeof useItemForm>;
  currency: string;
  categories: Category[];
  taxes: Tax[];
}) {
  const { t } = useTranslation('menu');
  return (
    <Card withBorder radius="lg" padding="lg" h="100%">
      <form id={ITEM_FORM_ID} onSubmit={props.itemForm.onSubmit} noValidate>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} fz="lg">
              {t('detail.details')}
            </Title>
            <Text fz="sm" c="dimmed">
              {t('detail.detailsHint')}
            </Text>
          </Stack>
          <MenuItemFields
            form={props.itemForm.form}
            currency={props.currency}
            categories={props.categories}
            taxes={props.taxes}
          />
        </Stack>
      </form>
    </Card>
  );
}
