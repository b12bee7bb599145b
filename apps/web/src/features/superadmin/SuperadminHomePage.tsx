import { Card, Group, Stack, Text } from '@mantine/core';
import { APP_VERSION } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../lib/session.ts';
import { PageHeader } from '../../components/PageHeader.tsx';

/** /superadmin/dashboard/home. The tenant and revenue figures join it with the tenants module. */
export function SuperadminHomePage() {
  const { t } = useTranslation('superadmin');
  const user = useSessionUser('superadmin');
  return (
    <Stack>
      <PageHeader
        title={t('home.title')}
        description={t('home.signedInAs', { name: user?.username ?? '' })}
      />
      <Card withBorder radius="lg" padding="lg">
        <Group justify="space-between">
          <Text c="dimmed" fz="sm">
            {t('home.credit')}
          </Text>
          <Text c="dimmed" fz="sm">
            {t('home.version', { version: APP_VERSION })}
          </Text>
        </Group>
      </Card>
    </Stack>
  );
}
