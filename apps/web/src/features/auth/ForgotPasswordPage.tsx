import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { forgotPasswordSchema } from '@comanda/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { zodValidate } from '../../lib/forms.ts';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { toast } from '../../lib/toast.ts';
import { forgotPassword } from './api/mutations.ts';
import { paths } from '../../lib/paths.ts';

/** /forgot-password: asks for the username and mails a reset link. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm({ initialValues: { username: '' }, validate: zodValidate(forgotPasswordSchema) });

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      const res = await forgotPassword(values);
      toast.success(res.message);
      setSent(res.message);
    } catch (error) {
      toast.fromError(error, 'Something went wrong!');
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthLayout title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {sent && (
            <Text c="teal.8" fz="sm" role="status">
              {t(sent)}
            </Text>
          )}
          <TextInput
            label={t('field.email')}
            placeholder="you@restaurant.com"
            type="email"
            autoComplete="username"
            required
            {...form.getInputProps('username')}
          />
          <Button type="submit" loading={busy} fullWidth>
            {t('forgot.submit')}
          </Button>
          <Anchor component={Link} to={paths.login} ta="center" fz="sm">
            {t('forgot.back')}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
