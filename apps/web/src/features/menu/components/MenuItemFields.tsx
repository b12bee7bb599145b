import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type Category, currencyDigits, type MenuItem, type Tax } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from './MoneyInput.tsx';

/** A decimal from the API as the money inputs show it. */
/** A decimal amount as a form field's text, with the currency's digits ("3.80"); display only. */
export const asAmount = (amount: number, currency: string) => {
  const digits = currencyDigits(currency);
  return new Intl.NumberFormat('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(amount);
};

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

/** Amounts start written out to the currency's digits ("3.80", not 3.8). */
export const itemFormValues = (item: MenuItem, currency: string): MenuItemFormValues => ({
  title: item.title,
  price: asAmount(item.price, currency),
  netPrice: item.net_price === null ? '' : asAmount(item.net_price, currency),
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
        required
        data-autofocus={props.autoFocus || undefined}
        {...form.getInputProps('title')}
      />
      <SimpleGrid type="container" cols={{ base: 1, '360px': 2 }} spacing="md">
        <MoneyInput label={t('field.price')} currency={currency} required {...form.getInputProps('price')} />
        <MoneyInput
          label={t('field.netPrice')}
          placeholder={t('field.optional')}
          currency={currency}
          {...form.getInputProps('netPrice')}
        />
      </SimpleGrid>
      <SimpleGrid type="container" cols={{ base: 1, '520px': 2 }} spacing="md">
        <Select
          label={t('field.category')}
          data={[none, ...props.categories.map((c) => ({ value: String(c.id), label: c.title }))]}
          allowDeselect={false}
          // Closed dropdowns leave the page, so the label names one element (the input) only.
          comboboxProps={{ keepMounted: false }}
          size="md"
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
          // Closed dropdowns leave the page, so the label names one element (the input) only.
          comboboxProps={{ keepMounted: false }}
          size="md"
          {...form.getInputProps('taxId')}
        />
      </SimpleGrid>
    </Stack>
  );
}
