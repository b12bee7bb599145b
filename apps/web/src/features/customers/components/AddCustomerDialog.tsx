import { useForm } from '@mantine/form';
import { addCustomerSchema, type PickedCustomer } from '@comanda/core';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveMutation } from '../../../lib/mutations.ts';
import { addCustomer } from '../api/mutations.ts';
import {
  CustomerFields,
  type CustomerFormValues,
  emptyCustomer,
  validateCustomer,
} from './CustomerFields.tsx';
import { FormModal } from '../../../components/FormModal.tsx';

export interface AddCustomerDialogProps {
  opened: boolean;
  onClose: () => void;
  /** What the caller typed: it fills the phone when all digits, otherwise the name (SPEC §5). */
  defaultValue?: string;
  /** The customer just added, for the caller to select. */
  onAdded: (customer: PickedCustomer) => void;
}

/** What a caller's text fills in: the phone when it is all digits, otherwise the name. */
export function prefill(defaultValue: string | undefined): CustomerFormValues {
  const text = defaultValue?.trim() ?? '';
  if (!text) return emptyCustomer;
  return /^\d+$/.test(text) ? { ...emptyCustomer, phone: text } : { ...emptyCustomer, name: text };
}

/**
 * THE Add New Customer dialog (SPEC §2 POS, §5 Add customer, §7): the customers page, the POS and the
 * reservation dialog all open this one. On success the form is cleared, the server's message shown, the
 * dialog closed, and the caller receives the new customer's id, phone and name.
 */
export function AddCustomerDialog({ opened, onClose, defaultValue, onAdded }: AddCustomerDialogProps) {
  const { t } = useTranslation('customers');
  const form = useForm<CustomerFormValues>({
    initialValues: emptyCustomer,
    validate: validateCustomer(addCustomerSchema),
  });
  const save = useSaveMutation({
    mutationFn: addCustomer,
    changes: ['customers'],
    onSuccess: ({ customer }) => {
      form.setValues(emptyCustomer);
      form.resetDirty(emptyCustomer);
      onClose();
      onAdded({ id: customer.id, phone: customer.phone, name: customer.name });
    },
  });

  // Each opening starts from what the caller typed.
  const refill = useEffectEvent(() => {
    const values = prefill(defaultValue);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  });
  useEffect(() => {
    if (opened) refill();
  }, [opened]);

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('add.title')}
      size="lg"
      onSubmit={form.onSubmit((values) => save.mutate(addCustomerSchema.parse(values)))}
      loading={save.isPending}
    >
      <CustomerFields form={form} />
    </FormModal>
  );
}
