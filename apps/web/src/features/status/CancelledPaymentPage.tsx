import { Button } from '@mantine/core';
import { IconCreditCardOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusScreen } from './components/StatusScreen.tsx';
import { paths } from '../../lib/paths.ts';

/** The card provider's return address when checkout is abandoned or declined. */
export function CancelledPaymentPage() {
  const { t } = useTranslation('status');
  return (
    <StatusScreen
      icon={<IconCreditCardOff size={32} />}
      color="red"
      title={t('cancelled.title')}
      text={t('cancelled.hint')}
    >
      <Button component={Link} to={paths.dashboard.profile} mt="sm">
        {t('cancelled.profile')}
      </Button>
    </StatusScreen>
  );
}
