import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type Category, type MenuItem, menuItemSchema, type Tax } from '@comanda/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { zodValidate } from '../../../app/forms.ts';
import { useSaveMutation } from '../../../app/mutations.ts';
import { menuKeys, updateMenuItem } from '../api.ts';
import { itemFormValues, MenuItemFields, type MenuItemFormValues } from './MenuItemFields.tsx';

/** The editable details of an item; the form starts from the item as loaded (keyed by id by the caller). */
export function ItemDetailsForm(props: {
  item: MenuItem;
  currency: string;
  categories: Category[];
  taxes: Tax[];
}) {
  const { t } = useTranslation('menu');
  const form = useForm<MenuItemFormValues>({
    initialValues: itemFormValues(props.item, props.currency),
    validate: zodValidate(menuItemSchema),
  });
  const save = useSaveMutation({
    mutationFn: updateMenuItem,
    invalidate: [menuKeys.items],
    onSuccess: () => form.resetDirty(),
  });
  return (
    <Card withBorder radius="lg" padding="lg" h="100%">
      <form
        onSubmit={form.onSubmit((values) =>
          save.mutate({ id: props.item.id, ...menuItemSchema.parse(values) }),
        )}
        noValidate
      >
        <Stack gap="lg">
          <Stack gap={2}>
            <Title order={2} fz="lg">
              {t('detail.details')}
            </Title>
            <Text fz="sm" c="dimmed">
              {t('detail.detailsHint')}
            </Text>
          </Stack>
          <MenuItemFields
            form={form}
            currency={props.currency}
            categories={props.categories}
            taxes={props.taxes}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} leftSection={<IconDeviceFloppy size={18} />}>
              {t('detail.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
