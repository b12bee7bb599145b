import { Box, Button, Center, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlanCard } from '../../../components/PlanCard.tsx';
import classes from './landing.module.css';
import { paths } from '../../../lib/paths.ts';

/** The one plan, with the way in. */
export function Pricing() {
  const { t } = useTranslation('landing');
  return (
    <Box
      component="section"
      id="pricing"
      className={classes.section}
      aria-labelledby="pricing-title"
      py={{ base: 64, sm: 96 }}
      bg="gray.0"
    >
      <Container size="lg">
        <Stack gap="xs" align="center" ta="center" mb={48}>
          <Text c="orange.7" fw={700} tt="uppercase" fz="sm" style={{ letterSpacing: '0.08em' }}>
            {t('pricing.eyebrow')}
          </Text>
          <Title id="pricing-title" order={2} className={classes.sectionTitle}>
            {t('pricing.title')}
          </Title>
          <Text c="dimmed" fz="lg" maw={640}>
            {t('pricing.subtitle')}
          </Text>
        </Stack>
        <Center>
          <PlanCard
            action={
              <Button
                component={Link}
                to={paths.register}
                size="lg"
                fullWidth
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                {t('pricing.getStarted')}
              </Button>
            }
          />
        </Center>
      </Container>
    </Box>
  );
}
