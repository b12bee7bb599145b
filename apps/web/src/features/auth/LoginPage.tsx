import { Anchor, Group, Stack, Text } from '@mantine/core';
import { homePathFor } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { forgetPinSession, isStoreDevice } from '../../lib/store-device.ts';
import { subjectOf, useSignedInRedirect } from '../../lib/session.ts';
import { AuthLayout } from '../../components/AuthLayout.tsx';
import { SignInForm } from '../../components/SignInForm.tsx';
import { signin } from './api/mutations.ts';
import { paths } from '../../lib/paths.ts';

/** /login (SPEC §2 Login). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const signedIn = useSignedInRedirect('tenant');
  // A store device shows its PIN pad; the pad's "Back office sign-in" link (?email) comes here.
  const [params] = useSearchParams();
  if (signedIn) return <Navigate to={signedIn} replace />;
  if (isStoreDevice() && !params.has('email')) return <Navigate to={paths.pin} replace />;

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <Stack gap="md">
        <SignInForm
          audience="tenant"
          signIn={(body) => {
            // An e-mail session is no PIN session: no idle lock (docs/staff-pins.md).
            forgetPinSession();
            return signin(body);
          }}
          homeOf={(user) => homePathFor(subjectOf(user))}
          extra={
            <Group justify="flex-end">
              <Anchor component={Link} to={paths.forgotPassword} fz="sm">
                {t('login.forgot')}
              </Anchor>
            </Group>
          }
        />
        <Text ta="center" fz="sm" c="dimmed">
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to={paths.register} fw={600}>
            {t('login.createAccount')}
          </Anchor>
        </Text>
      </Stack>
    </AuthLayout>
  );
}
