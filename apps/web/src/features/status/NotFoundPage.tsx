import { Button } from '@mantine/core';
import { IconHome, IconMap2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusScreen } from './components/StatusScreen.tsx';
import { paths } from '../../lib/paths.ts';

/** Any address the route table does not know. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <StatusScreen
      icon={<IconMap2 size={32} />}
      color="gray"
      title={t('notFound.title')}
      text={t('notFound.text')}
    >
      <Button component={Link} to={paths.landing} mt="sm" leftSection={<IconHome size={18} aria-hidden />}>
        {t('notFound.home')}
      </Button>
    </StatusScreen>
  );
}
