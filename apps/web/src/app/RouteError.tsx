import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { useEffect } from 'react';

/** The router's error screen (SPEC §8): a thrown render or a failed chunk load lands here. */
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
