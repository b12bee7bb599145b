import { Button, Modal, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import {
  addUserSchema,
  parseScopes,
  resetUserPasswordSchema,
  type Scope,
  updateUserSchema,
  type User,
} from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { zodValidate } from '../../../lib/forms.ts';
import { useSaveMutation } from '../../../lib/mutations.ts';
import { addUser, resetUserPassword, updateUser } from '../api/mutations.ts';
import { useDialogProps } from './dialog-props.ts';
import { ScopesField } from './ScopesField.tsx';
import { DialogActions } from '../../../components/DialogActions.tsx';

type Grantable = ReadonlySet<Scope> | 'all';

/** The fields of both user dialogs; the update dialog shows the username read-only and has no password. */
interface UserFormValues {
  name: string;
  username: string;
  password: string;
  designation: string;
  phone: string;
  email: string;
  userScopes: string[];
}

function SaveActions({ onCancel, loading }: { onCancel: () => void; loading: boolean }) {
  const { t } = useTranslation('users');
  return (
    <DialogActions>
      <Button variant="default" onClick={onCancel} disabled={loading}>
        {t('dialog.cancel')}
      </Button>
      <Button type="submit" loading={loading}>
        {t('dialog.save')}
      </Button>
    </DialogActions>
  );
}

/** The name, designation, phone and e-mail fields both user dialogs share. */
function ContactFields({ form }: { form: UseFormReturnType<UserFormValues> }) {
  const { t } = useTranslation('users');
  return (
    <>
      <TextInput
        label={t('field.designation')}
        placeholder={t('field.designationPlaceholder')}
        {...form.getInputProps('designation')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('field.phone')}
          type="tel"
          autoComplete="off"
          placeholder={t('field.optional')}
          {...form.getInputProps('phone')}
        />
        <TextInput
          label={t('field.email')}
          type="email"
          autoComplete="off"
          placeholder={t('field.optional')}
          {...form.getInputProps('email')}
        />
      </SimpleGrid>
    </>
  );
}

function AddUserForm({ grantable, onDone }: { grantable: Grantable; onDone: () => void }) {
  const { t } = useTranslation('users');
  const form = useForm<UserFormValues>({
    initialValues: {
      name: '',
      username: '',
      password: '',
      designation: '',
      phone: '',
      email: '',
      userScopes: [],
    },
    validate: zodValidate(addUserSchema),
  });
  const save = useSaveMutation({ mutationFn: addUser, changes: ['users'], onSuccess: onDone });
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(addUserSchema.parse(values)))} noValidate>
      <Stack gap="md">
        <TextInput label={t('field.name')} required data-autofocus {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('field.username')}
            description={t('field.usernameHint')}
            type="email"
            autoComplete="off"
            placeholder="staff@yourstore.com"
            required
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label={t('field.password')}
            description={t('field.passwordHint')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
        </SimpleGrid>
        <ContactFields form={form} />
        <ScopesField
          value={form.values.userScopes}
          onChange={(v) => form.setFieldValue('userScopes', v)}
          error={form.errors.userScopes}
          grantable={grantable}
        />
        <SaveActions onCancel={onDone} loading={save.isPending} />
      </Stack>
    </form>
  );
}

function UpdateUserForm({
  user,
  grantable,
  onDone,
}: {
  user: User;
  grantable: Grantable;
  onDone: () => void;
}) {
  const { t } = useTranslation('users');
  const held = parseScopes(user.scope);
  const form = useForm<UserFormValues>({
    initialValues: {
      name: user.name,
      username: user.username,
      password: '',
      designation: user.designation ?? '',
      phone: user.phone ?? '',
      email: user.email ?? '',
      userScopes: held,
    },
    validate: zodValidate(updateUserSchema),
  });
  const save = useSaveMutation({ mutationFn: updateUser, changes: ['users'], onSuccess: onDone });
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        save.mutate({ username: user.username, ...updateUserSchema.parse(values) }),
      )}
      noValidate
    >
      <Stack gap="md">
        <TextInput label={t('field.username')} value={user.username} readOnly variant="filled" />
        <TextInput label={t('field.name')} required data-autofocus {...form.getInputProps('name')} />
        <ContactFields form={form} />
        <ScopesField
          value={form.values.userScopes}
          onChange={(v) => form.setFieldValue('userScopes', v)}
          error={form.errors.userScopes}
          grantable={grantable}
          held={held}
        />
        <SaveActions onCancel={onDone} loading={save.isPending} />
      </Stack>
    </form>
  );
}

function ResetPasswordForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { t } = useTranslation('users');
  const form = useForm({
    initialValues: { password: '' },
    validate: zodValidate(resetUserPasswordSchema),
  });
  const save = useSaveMutation({ mutationFn: resetUserPassword, changes: ['users'], onSuccess: onDone });
  return (
    <form
      onSubmit={form.onSubmit(({ password }) => save.mutate({ username: user.username, password }))}
      noValidate
    >
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('reset.intro', { name: user.name, username: user.username })}
        </Text>
        <PasswordInput
          label={t('field.password')}
          autoComplete="new-password"
          required
          data-autofocus
          {...form.getInputProps('password')}
        />
        <SaveActions onCancel={onDone} loading={save.isPending} />
      </Stack>
    </form>
  );
}

/** Which dialog is open and for whom; the user stays set while the dialog animates out. */
export type UserDialog = { kind: 'add' | 'update' | 'reset'; opened: boolean; user: User | null };

/** The Add User, Update User and Reset Password dialogs (SPEC §2 Users, §5 User). */
export function UserDialogs({
  dialog,
  grantable,
  onClose,
}: {
  dialog: UserDialog;
  grantable: Grantable;
  onClose: () => void;
}) {
  const { t } = useTranslation('users');
  const longDialog = useDialogProps(true);
  const shortDialog = useDialogProps();
  const { kind, opened, user } = dialog;
  return (
    <>
      <Modal
        opened={opened && kind === 'add'}
        onClose={onClose}
        title={t('add.title')}
        size="lg"
        {...longDialog}
      >
        <AddUserForm grantable={grantable} onDone={onClose} />
      </Modal>
      <Modal
        opened={opened && kind === 'update'}
        onClose={onClose}
        title={t('update.title')}
        size="lg"
        {...longDialog}
      >
        {user && <UpdateUserForm key={user.username} user={user} grantable={grantable} onDone={onClose} />}
      </Modal>
      <Modal opened={opened && kind === 'reset'} onClose={onClose} title={t('reset.title')} {...shortDialog}>
        {user && <ResetPasswordForm key={user.username} user={user} onDone={onClose} />}
      </Modal>
    </>
  );
}
