import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { currentTimeZoneName, signupSchema } from '@comanda/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { zodValidate } from '../../lib/forms.ts';
import { storeUser, useSignedInRedirect } from '../../lib/session.ts';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { toast } from '../../lib/toast.ts';
import { signup } from './api/mutations.ts';
import { paths } from '../../lib/paths.ts';

/**
 * /register (SPEC §2 Register): business name, email, password. The answer signs the owner in (issue
 * 31), so they land on the setup checklist instead of an empty login form.
 */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const signedIn = useSignedInRedirect('tenant');
  const [busy, setBusy] = useState(false);
  const [registered, setRegistered] = useState(false);
  const form = useForm({
    initialValues: { biz_name: '', username: '', password: '' },
    validate: zodValidate(signupSchema),
  });

  // Just registered: the stored user makes this page redirect, to the checklist rather than home.
  if (signedIn) return <Navigate to={registered ? paths.dashboard.setup : signedIn} replace />;

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      // The store's "today" follows the owner's time zone from the start.
      const res = await signup({
        ...values,
        timezone: currentTimeZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone),
      });
      setRegistered(true);
      toast.success(res.message);
      storeUser('tenant', res.user);
    } catch (error) {
      toast.fromError(error, 'Something went wrong!');
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('field.businessName')}
            placeholder="Cafe Sol"
            required
            {...form.getInputProps('biz_name')}
          />
          <TextInput
            label={t('field.email')}
            placeholder="you@restaurant.com"
            type="email"
            autoComplete="username"
            required
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label={t('field.password')}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={busy} fullWidth>
            {t('register.submit')}
          </Button>
          <Text ta="center" fz="sm" c="dimmed">
            {t('register.haveAccount')}{' '}
            <Anchor component={Link} to={paths.login} fw={600}>
              {t('register.signIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
