import { Button } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StatusScreen } from './components/StatusScreen.tsx';

/** Where guards send a user whose role or scopes do not open a screen (SPEC §6). */
export function NoAccessPage() {
  const { t } = useTranslation('status');
  const navigate = useNavigate();
  return (
    <StatusScreen
      icon={<IconLock size={32} />}
      color="orange"
      title={t('noAccess.title')}
      text={t('noAccess.hint')}
    >
      <Button mt="sm" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={() => void navigate(-1)}>
        {t('noAccess.back')}
      </Button>
    </StatusScreen>
  );
}
