import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { useEffect } from 'react';

/** The router's last-resort error screen (SPEC §8): a failed shell or chunk load lands here. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => console.error(error), [error]);
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1}>{t('Unexpected Application Error!')}</Title>
        <Text c="dimmed">{t('error.reload')}</Text>
        <Button onClick={() => window.location.reload()}>{t('error.reloadButton')}</Button>
      </Stack>
    </Center>
  );
}

/**
 * One area's error screen (auth pages, the back office, the super admin): a page that throws is
 * replaced by this, inside the area's frame where it has one, so the sidebar and header stay and the
 * user can go back to the area's home or reload. Moving to another page clears it.
 */
export function AreaError({ home, fullScreen = false }: { home: string; fullScreen?: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => console.error(error), [error]);
  return (
    <Center component={fullScreen ? 'main' : 'section'} mih={fullScreen ? '100vh' : 360} p="md">
      <Stack align="center" gap="sm" maw={520} ta="center" data-testid="area-error">
        <Title order={fullScreen ? 1 : 2}>{t('Unexpected Application Error!')}</Title>
        <Text c="dimmed">{t('error.area')}</Text>
        <Group justify="center">
          <Button component={Link} to={home} replace>
            {t('error.backHome')}
          </Button>
          <Button variant="default" onClick={() => window.location.reload()}>
            {t('error.reloadButton')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
