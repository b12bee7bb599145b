import { PasswordInput, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TenantRow, addTenantSchema, updateTenantSchema } from '@comanda/core';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../components/FormModal.tsx';
import { zodValidate } from '../../../../lib/forms.ts';
import { useSaveMutation } from '../../../../lib/mutations.ts';
import { addTenant, updateTenant } from '../api/mutations.ts';

interface Values {
  name: string;
  email: string;
  password: string;
  isActive: boolean;
}
const empty: Values = { name: '', email: '', password: '', isActive: true };

/**
 * The Add Tenant and Update Tenant dialogs (SPEC §5 Tenant): name, email, password (add only) and the
 * active switch, checked with the server's own schema and messages.
 */
export function TenantDialog({
  opened,
  tenant,
  onClose,
  onAdded,
}: {
  opened: boolean;
  /** The tenant to update; null adds one. */
  tenant: TenantRow | null;
  onClose: () => void;
  onAdded?: () => void;
}) {
  const { t } = useTranslation('tenants');
  const editing = tenant !== null;
  const form = useForm<Values>({
    initialValues: empty,
    validate: (values) =>
      editing
        ? zodValidate(updateTenantSchema)({
            name: values.name,
            email: values.email,
            isActive: values.isActive,
          })
        : zodValidate(addTenantSchema)(values),
  });
  const add = useSaveMutation({
    mutationFn: addTenant,
    changes: ['tenants'],
    onSuccess: () => {
      onClose();
      onAdded?.();
    },
  });
  const update = useSaveMutation({ mutationFn: updateTenant, changes: ['tenants'], onSuccess: onClose });

  const fill = useEffectEvent(() => {
    const values = tenant
      ? { name: tenant.name, email: tenant.email, password: '', isActive: tenant.is_active }
      : empty;
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  });
  useEffect(() => {
    if (opened) fill();
  }, [opened, tenant?.id]);

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={editing ? t('edit.title') : t('add.title')}
      onSubmit={form.onSubmit((values) => {
        if (tenant) {
          update.mutate({ id: tenant.id, name: values.name, email: values.email, isActive: values.isActive });
        } else {
          add.mutate(values);
        }
      })}
      loading={add.isPending || update.isPending}
    >
      <TextInput label={t('field.name')} withAsterisk data-autofocus {...form.getInputProps('name')} />
      <TextInput
        label={t('field.email')}
        type="email"
        withAsterisk
        description={editing ? undefined : t('field.emailHint')}
        {...form.getInputProps('email')}
      />
      {!editing && (
        <PasswordInput
          label={t('field.password')}
          withAsterisk
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
      )}
      <Switch
        label={t('field.isActive')}
        description={t('field.isActiveHint')}
        size="md"
        {...form.getInputProps('isActive', { type: 'checkbox' })}
      />
    </FormModal>
  );
}
