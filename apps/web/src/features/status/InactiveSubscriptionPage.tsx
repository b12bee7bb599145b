import { Alert, Anchor, Button, Tooltip } from '@mantine/core';
import { IconInfoCircle, IconLogout, IconReceiptOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlanCard } from '../../components/PlanCard.tsx';
import { useSessionUser } from '../../lib/session.ts';
import { useSignOut } from '../../lib/sign-out.ts';
import { StatusScreen } from './components/StatusScreen.tsx';
import { paths } from '../../lib/paths.ts';

/** Where any 402 lands (SPEC §8): only an admin may subscribe (SPEC §6). */
export function InactiveSubscriptionPage() {
  const { t } = useTranslation('status');
  const user = useSessionUser('tenant');
  const { signOut, pending } = useSignOut('tenant');
  const isAdmin = user?.role === 'admin';

  const logout = (
    <Anchor
      component={Link}
      to={paths.login}
      c="dimmed"
      fw={500}
      size="sm"
      aria-disabled={pending}
      onClick={(e) => {
        e.preventDefault();
        void signOut();
      }}
    >
      <IconLogout size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
      {t('inactive.logout')}
    </Anchor>
  );

  return (
    <StatusScreen
      icon={<IconReceiptOff size={32} />}
      color="orange"
      title={t('inactive.title')}
      text={isAdmin ? t('inactive.adminText') : undefined}
      below={
        <>
          {isAdmin && (
            <PlanCard
              action={
                // Billing is switched off in this build; a disabled button swallows hover, so it is only marked disabled.
                <Tooltip label={t('inactive.billingOff')} withArrow>
                  <Button fullWidth size="lg" data-disabled aria-disabled onClick={(e) => e.preventDefault()}>
                    {t('inactive.subscribe')}
                  </Button>
                </Tooltip>
              }
            />
          )}
          {logout}
        </>
      }
    >
      {!isAdmin && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />} ta="left" w="100%">
          {t('inactive.askAdmin')}
        </Alert>
      )}
    </StatusScreen>
  );
}
