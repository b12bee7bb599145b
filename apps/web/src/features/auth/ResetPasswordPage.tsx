import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { resetPasswordSchema } from '@comanda/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { zodValidate } from '../../lib/forms.ts';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { toast } from '../../lib/toast.ts';
import { resetPassword } from './api/mutations.ts';
import { paths } from '../../lib/paths.ts';

/** /reset-password?token=: sets a new password from the mailed link, then goes to sign in. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [busy, setBusy] = useState(false);
  const form = useForm({ initialValues: { password: '' }, validate: zodValidate(resetPasswordSchema) });

  const submit = form.onSubmit(async (values) => {
    if (!token) return;
    setBusy(true);
    try {
      const res = await resetPassword(token, values);
      toast.success(res.message);
      void navigate(paths.login);
    } catch (error) {
      toast.fromError(error, 'Something went wrong!');
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthLayout title={t('reset.title')} subtitle={t('reset.subtitle')}>
      {!token ? (
        <Stack>
          <Alert color="red">{t('Invalid request!')}</Alert>
          <Anchor component={Link} to={paths.forgotPassword} ta="center">
            {t('reset.askAgain')}
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <PasswordInput
              label={t('field.newPassword')}
              autoComplete="new-password"
              required
              {...form.getInputProps('password')}
            />
            <Button type="submit" loading={busy} fullWidth>
              {t('reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
