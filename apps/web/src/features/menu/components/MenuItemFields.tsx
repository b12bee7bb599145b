import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Category, MenuItem, Tax } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from './MoneyInput.tsx';

/** The item form as typed: 'none' stands for no category or tax (the shared schema reads it so). */
export interface MenuItemFormValues {
  title: string;
  price: number | string;
  netPrice: number | string;
  categoryId: string;
  taxId: string;
}

export const emptyItemValues: MenuItemFormValues = {
  title: '',
  price: '',
  netPrice: '',
  categoryId: 'none',
  taxId: 'none',
};

export const itemFormValues = (item: MenuItem): MenuItemFormValues => ({
  title: item.title,
  price: item.price,
  netPrice: item.net_price ?? '',
  categoryId: item.category_id === null ? 'none' : String(item.category_id),
  taxId: item.tax_id === null ? 'none' : String(item.tax_id),
});

/** Title, price, net price, category and tax: the add dialog and the detail screen share them. */
export function MenuItemFields(props: {
  form: UseFormReturnType<MenuItemFormValues>;
  currency: string;
  categories: Category[];
  taxes: Tax[];
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('menu');
  const { form, currency } = props;
  const none = { value: 'none', label: t('field.none') };
  return (
    <Stack gap="md">
      <TextInput
        label={t('field.title')}
        placeholder={t('field.titlePlaceholder')}
        withAsterisk
        data-autofocus={props.autoFocus || undefined}
        {...form.getInputProps('title')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <MoneyInput
          label={t('field.price')}
          currency={currency}
          withAsterisk
          {...form.getInputProps('price')}
        />
        <MoneyInput
          label={t('field.netPrice')}
          placeholder={t('field.optional')}
          currency={currency}
          {...form.getInputProps('netPrice')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Select
          label={t('field.category')}
          data={[none, ...props.categories.map((c) => ({ value: String(c.id), label: c.title }))]}
          allowDeselect={false}
          searchable={props.categories.length > 8}
          nothingFoundMessage={t('field.nothingFound')}
          {...form.getInputProps('categoryId')}
        />
        <Select
          label={t('field.tax')}
          data={[
            none,
            ...props.taxes.map((x) => ({
              value: String(x.id),
              label: t('field.taxOption', { title: x.title, rate: x.rate, type: t(`taxType.${x.type}`) }),
            })),
          ]}
          allowDeselect={false}
          {...form.getInputProps('taxId')}
        />
      </SimpleGrid>
    </Stack>
  );
}
