import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { subjectOf } from '../../lib/session.ts';
import { entriesFor } from '../../lib/navigation.ts';
import { useSessionUser } from '../../lib/session.ts';
import { PageHeader } from '../../components/PageHeader.tsx';

/** /dashboard/home: the greeting and the places this user can go. Today's figures join it with orders. */
export function HomePage() {
  const { t } = useTranslation('dashboard');
  const user = useSessionUser('tenant');
  if (!user) return null;
  const places = entriesFor(subjectOf(user), 'search').filter(
    (e) => e.screen !== 'home' && e.section !== 'settings',
  );
  return (
    <Stack>
      <PageHeader title={t('home.greeting', { name: user.name })} description={t('home.subtitle')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {places.map((p) => (
          <Card key={p.path} component={Link} to={p.path} withBorder radius="lg" padding="lg">
            <Stack gap="xs">
              <ThemeIcon variant="light" size={44} radius="md">
                <p.icon size={24} />
              </ThemeIcon>
              <Title order={2} fz="lg">
                {t(p.label)}
              </Title>
              <Text c="dimmed" fz="sm">
                {t(`${p.label}.hint`)}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
