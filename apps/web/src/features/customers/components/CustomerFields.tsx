import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { GENDERS } from '@comanda/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import i18n from '../../../lib/i18n.ts';
import { zodValidate } from '../../../lib/forms.ts';
import type { z } from 'zod';

/** The fields of the add and edit dialogs, as typed (empty optional fields are sent as null). */
export interface CustomerFormValues {
  phone: string;
  name: string;
  email: string;
  birthDate: string;
  gender: string;
}

export const emptyCustomer: CustomerFormValues = {
  phone: '',
  name: '',
  email: '',
  birthDate: '',
  gender: '',
};

/** The device's date today: the birth date's upper bound in the form (the server allows the latest today on Earth). */
export const deviceToday = () => dayjs().format('YYYY-MM-DD');

/** The shared schema's messages, plus the birth date checked against this device's today. */
export function validateCustomer(schema: z.ZodType) {
  const bySchema = zodValidate(schema);
  return (values: CustomerFormValues) => {
    const errors = bySchema(values);
    if (!errors.birthDate && values.birthDate && values.birthDate > deviceToday())
      errors.birthDate = i18n.t('Birth date cannot be in the future!');
    return errors;
  };
}

/** Phone, name, e-mail, birth date and gender; the edit dialog shows the phone (the key) disabled. */
export function CustomerFields({
  form,
  phoneLocked = false,
}: {
  form: UseFormReturnType<CustomerFormValues>;
  phoneLocked?: boolean;
}) {
  const { t } = useTranslation('customers');
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('field.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          required={!phoneLocked}
          disabled={phoneLocked}
          description={phoneLocked ? t('field.phoneLocked') : undefined}
          // The hint goes under the box, so the phone and name boxes stay side by side.
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          data-autofocus={phoneLocked ? undefined : true}
          {...form.getInputProps('phone')}
        />
        <TextInput
          label={t('field.name')}
          autoComplete="off"
          required
          data-autofocus={phoneLocked ? true : undefined}
          {...form.getInputProps('name')}
        />
      </SimpleGrid>
      <TextInput
        label={t('field.email')}
        type="email"
        autoComplete="off"
        placeholder={t('field.optional')}
        {...form.getInputProps('email')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('field.birthDate')}
          type="date"
          max={deviceToday()}
          min="1900-01-01"
          {...form.getInputProps('birthDate')}
        />
        <NativeSelect
          size="md"
          label={t('field.gender')}
          data={[
            { value: '', label: t('gender.none') },
            ...GENDERS.map((g) => ({ value: g, label: t(`gender.${g}`) })),
          ]}
          {...form.getInputProps('gender')}
        />
      </SimpleGrid>
    </>
  );
}
