import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { signinSchema, type SessionUser } from '@comanda/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { zodValidate } from '../lib/forms.ts';
import { clearOfflineCaches } from '../lib/offline/service-worker.ts';
import { type Audience, storeUser } from '../lib/session.ts';
import { toast } from '../lib/toast.ts';

/**
 * The e-mail and password form of both sign-in pages: validates with the shared schema, keeps the
 * user, shows the server's message and goes where `homeOf` says.
 */
export function SignInForm(props: {
  audience: Audience;
  signIn: (values: { username: string; password: string }) => Promise<{ message: string; user: SessionUser }>;
  homeOf: (user: SessionUser) => string;
  /** Shown between the password and the button (the "Forgot Password?" link). */
  extra?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: zodValidate(signinSchema),
  });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const res = await props.signIn(values);
      // The worker's copies of the last session's POS data go, whoever signs in: a session that just
      // lapsed (cookies expired, no sign-out) never deleted them (docs/offline.md).
      if (props.audience === 'tenant') await clearOfflineCaches();
      storeUser(props.audience, res.user);
      toast.success(res.message);
      void navigate(props.homeOf(res.user), { replace: true });
    } catch (error) {
      toast.fromError(error, 'Something went wrong!');
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
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
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        {props.extra}
        <Button type="submit" loading={busy} fullWidth>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
