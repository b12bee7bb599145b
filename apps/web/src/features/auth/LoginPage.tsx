import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { signinSchema } from '@comanda/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { zodValidate } from '../../app/forms.ts';
import { subjectOf, useSignedInRedirect } from '../../app/guards.tsx';
import { AuthLayout } from '../../app/layouts/AuthLayout.tsx';
import { storeUser } from '../../app/session.ts';
import { toast } from '../../app/toast.ts';
import { homePathFor } from '@comanda/core';
import { signin } from './api.ts';

/** /login (SPEC §2 Login). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const signedIn = useSignedInRedirect('tenant');
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: zodValidate(signinSchema),
  });

  if (signedIn) return <Navigate to={signedIn} replace />;

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const res = await signin(values);
      storeUser('tenant', res.user);
      toast.success(res.message);
      void navigate(homePathFor(subjectOf(res.user)), { replace: true });
    } catch (error) {
      toast.fromError(error, 'Something went wrong!');
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('field.email')}
            placeholder="you@restaurant.com"
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
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" fz="sm">
              {t('login.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" loading={busy} fullWidth>
            {t('login.submit')}
          </Button>
          <Text ta="center" fz="sm" c="dimmed">
            {t('login.noAccount')}{' '}
            <Anchor component={Link} to="/register" fw={600}>
              {t('login.createAccount')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
