import { Button } from '@mantine/core';
import { IconConfetti, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignOut } from '../../lib/sign-out.ts';
import { StatusScreen } from './components/StatusScreen.tsx';
import { paths } from '../../lib/paths.ts';

/** The card provider's return address after checkout: the new subscription applies from the next sign-in. */
export function SuccessPage() {
  const { t } = useTranslation('status');
  const { signOut, pending } = useSignOut('tenant');
  return (
    <StatusScreen
      icon={<IconConfetti size={32} />}
      color="teal"
      title={t('success.title')}
      text={t('success.text')}
    >
      <Button
        component={Link}
        to={paths.login}
        mt="sm"
        loading={pending}
        leftSection={<IconLogout size={18} aria-hidden />}
        onClick={(e) => {
          e.preventDefault();
          void signOut();
        }}
      >
        {t('success.relogin')}
      </Button>
    </StatusScreen>
  );
}
