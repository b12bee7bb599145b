import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { superadminSigninSchema } from '@comanda/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { zodValidate } from '../../app/forms.ts';
import { useSignedInRedirect } from '../../app/guards.tsx';
import { AuthLayout } from '../../app/layouts/AuthLayout.tsx';
import { storeUser } from '../../app/session.ts';
import { toast } from '../../app/toast.ts';
import { superadminSignin } from './api.ts';

const HOME = '/superadmin/dashboard/home';

/** /superadmin and /superadmin/login. */
export function SuperadminLoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const signedIn = useSignedInRedirect('superadmin');
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: zodValidate(superadminSigninSchema),
  });

  if (signedIn) return <Navigate to={HOME} replace />;

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const res = await superadminSignin(values);
      storeUser('superadmin', res.user);
      toast.success(res.message);
      void navigate(HOME, { replace: true });
    } catch (error) {
      toast.fromError(error, 'Something went wrong!');
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthLayout title={t('superadmin.title')} subtitle={t('superadmin.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('field.email')}
            type="email"
            autoComplete="username"
            withAsterisk
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label={t('field.password')}
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={busy} fullWidth>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
