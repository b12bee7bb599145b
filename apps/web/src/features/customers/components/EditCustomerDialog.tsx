import { useForm } from '@mantine/form';
import { type Customer, updateCustomerSchema } from '@comanda/core';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveMutation } from '../../../lib/mutations.ts';
import { updateCustomer } from '../api/mutations.ts';
import {
  CustomerFields,
  type CustomerFormValues,
  emptyCustomer,
  validateCustomer,
} from './CustomerFields.tsx';
import { FormModal } from '../../../components/FormModal.tsx';

const valuesOf = (c: Customer): CustomerFormValues => ({
  phone: c.phone,
  name: c.name,
  email: c.email ?? '',
  birthDate: c.birth_date ?? '',
  gender: c.gender ?? '',
});

/** The Edit Customer dialog: the same fields as Add, the phone (the key) shown but not editable. */
export function EditCustomerDialog({
  customer,
  opened,
  onClose,
}: {
  customer: Customer | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('customers');
  const form = useForm<CustomerFormValues>({
    initialValues: emptyCustomer,
    validate: validateCustomer(updateCustomerSchema),
  });
  const save = useSaveMutation({ mutationFn: updateCustomer, changes: ['customers'], onSuccess: onClose });

  const fill = useEffectEvent(() => {
    if (!customer) return;
    const values = valuesOf(customer);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  });
  useEffect(() => {
    if (opened) fill();
  }, [opened, customer?.id]);

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('edit.title')}
      size="lg"
      onSubmit={form.onSubmit(({ phone: _phone, ...values }) => {
        if (customer) save.mutate({ phone: customer.phone, ...updateCustomerSchema.parse(values) });
      })}
      loading={save.isPending}
    >
      <CustomerFields form={form} phoneLocked />
    </FormModal>
  );
}
