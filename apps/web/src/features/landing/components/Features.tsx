import { Box, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBolt,
  IconCalendarEvent,
  IconCashRegister,
  IconChartBar,
  IconLayoutDashboard,
  IconQrcode,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

const MAIN = [
  { icon: IconLayoutDashboard, title: 'features.minimal.title', text: 'features.minimal.text' },
  { icon: IconCashRegister, title: 'features.pos.title', text: 'features.pos.text' },
  { icon: IconBolt, title: 'features.live.title', text: 'features.live.text' },
] as const;

const MORE = [
  { icon: IconChartBar, title: 'features.reports.title', text: 'features.reports.text' },
  { icon: IconQrcode, title: 'features.qr.title', text: 'features.qr.text' },
  { icon: IconCalendarEvent, title: 'features.reservations.title', text: 'features.reservations.text' },
  { icon: IconUsers, title: 'features.staff.title', text: 'features.staff.text' },
] as const;

/** What the product does (SPEC §1 landing promises): three headline cards, then the rest of the back office. */
export function Features() {
  const { t } = useTranslation('landing');
  return (
    <Box
      component="section"
      id="features"
      className={classes.section}
      aria-labelledby="features-title"
      py={{ base: 64, sm: 96 }}
    >
      <Container size="lg">
        <Stack gap="xs" align="center" ta="center" mb={48}>
          <Text c="orange.7" fw={700} tt="uppercase" fz="sm" style={{ letterSpacing: '0.08em' }}>
            {t('features.eyebrow')}
          </Text>
          <Title id="features-title" order={2} className={classes.sectionTitle}>
            {t('features.title')}
          </Title>
          <Text c="dimmed" fz="lg" maw={620}>
            {t('features.subtitle')}
          </Text>
        </Stack>

        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {MAIN.map(({ icon: Icon, title, text }) => (
            <Card key={title} withBorder radius="lg" padding="xl" shadow="xs" className={classes.featureCard}>
              <ThemeIcon
                size={52}
                radius="md"
                variant="gradient"
                gradient={{ from: 'orange.6', to: 'red.6', deg: 135 }}
              >
                <Icon size={28} stroke={1.6} aria-hidden />
              </ThemeIcon>
              <Title order={3} fz="h3" mt="lg" mb="xs">
                {t(title)}
              </Title>
              <Text c="dimmed" lh={1.6}>
                {t(text)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl" mt={56}>
          {MORE.map(({ icon: Icon, title, text }) => (
            <Group key={title} align="flex-start" gap="md" wrap="nowrap">
              <ThemeIcon size={40} radius="md" variant="light">
                <Icon size={22} stroke={1.7} aria-hidden />
              </ThemeIcon>
              <Box>
                <Title order={4} fz="md">
                  {t(title)}
                </Title>
                <Text size="sm" c="dimmed" mt={4} lh={1.5}>
                  {t(text)}
                </Text>
              </Box>
            </Group>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
