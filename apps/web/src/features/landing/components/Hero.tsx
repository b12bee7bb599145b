import { Badge, Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCircleCheckFilled, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeroVisual } from './HeroVisual.tsx';
import classes from './landing.module.css';
import { paths } from '../../../lib/paths.ts';

const POINTS = ['hero.point.plan', 'hero.point.devices', 'hero.point.cancel'] as const;

/** The first screen: what Comanda is, for whom, and the two ways forward. */
export function Hero() {
  const { t } = useTranslation('landing');
  return (
    <Box component="section" className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg" py={{ base: 48, sm: 80, md: 96 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} verticalSpacing={64}>
          <Stack gap="xl" justify="center">
            <Badge
              variant="light"
              size="lg"
              radius="xl"
              w="fit-content"
              tt="none"
              fw={600}
              leftSection={<IconSparkles size={16} aria-hidden />}
            >
              {t('hero.tagline')}
            </Badge>
            <Title id="hero-title" order={1} className={classes.heroTitle}>
              {t('hero.titleStart')} <span className={classes.highlight}>{t('hero.titleHighlight')}</span>
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} c="dimmed" maw={520} lh={1.6}>
              {t('hero.text')}
            </Text>
            <Group gap="md">
              <Button
                component={Link}
                to={paths.login}
                size="lg"
                w={{ base: '100%', xs: 'auto' }}
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                {t('hero.getStarted')}
              </Button>
              <Button
                component="a"
                href="#pricing"
                size="lg"
                variant="default"
                w={{ base: '100%', xs: 'auto' }}
              >
                {t('hero.viewPricing')}
              </Button>
            </Group>
            <Group gap="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {POINTS.map((key) => (
                <Group key={key} component="li" gap={6} wrap="nowrap">
                  <IconCircleCheckFilled size={18} color="var(--mantine-color-orange-6)" aria-hidden />
                  <Text size="sm" fw={500} c="gray.7">
                    {t(key)}
                  </Text>
                </Group>
              ))}
            </Group>
          </Stack>
          <Box px={{ base: 0, sm: 'xl', md: 0 }} py="lg" style={{ alignSelf: 'center' }}>
            <HeroVisual />
          </Box>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
