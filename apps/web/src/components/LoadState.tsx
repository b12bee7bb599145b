import { Alert, Center, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** 'Please wait...' while a screen loads (SPEC §2). */
export function Loading() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{t('loading')}</Text>
      </Group>
    </Center>
  );
}

/** The screen's own load-error text (SPEC §2, §8). */
export function LoadError({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert">
      {t(message)}
    </Alert>
  );
}
