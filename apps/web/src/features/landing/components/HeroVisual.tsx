import { Box, Divider, Flex, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconBread,
  IconBurger,
  IconCake,
  IconChartBar,
  IconCoffee,
  IconLemon,
  IconSalad,
  IconTrendingUp,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './landing.module.css';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const money = (cents: number) => usd.format(cents / 100);
const percent = new Intl.NumberFormat('en-US', { style: 'percent' });

const CATEGORIES = ['mock.cat.all', 'mock.cat.coffee', 'mock.cat.food', 'mock.cat.drinks'] as const;

const TILES = [
  { key: 'mock.item.cappuccino', cents: 350, icon: IconCoffee, color: 'orange' },
  { key: 'mock.item.croissant', cents: 280, icon: IconBread, color: 'yellow' },
  { key: 'mock.item.burger', cents: 890, icon: IconBurger, color: 'red' },
  { key: 'mock.item.salad', cents: 720, icon: IconSalad, color: 'green' },
  { key: 'mock.item.lemonade', cents: 320, icon: IconLemon, color: 'lime' },
  { key: 'mock.item.cheesecake', cents: 450, icon: IconCake, color: 'pink' },
] as const;

// Sample ticket in integer cents: 2 × 350 + 280 + 890 = 1870, 5% tax rounded = 94.
const LINES = [
  { qty: 2, key: 'mock.item.cappuccino', cents: 700 },
  { qty: 1, key: 'mock.item.croissant', cents: 280 },
  { qty: 1, key: 'mock.item.burger', cents: 890 },
] as const;
const SUBTOTAL = 1870;
const TAX = 94;

/** A picture of the POS drawn with components (the product runs offline, so no remote images). */
export function HeroVisual() {
  const { t } = useTranslation('landing');
  return (
    <Box pos="relative" aria-hidden>
      <Box className={classes.mockWindow}>
        <Group
          justify="space-between"
          px="md"
          py={10}
          bg="gray.0"
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          <Group gap={6}>
            {['red.5', 'yellow.5', 'green.5'].map((c) => (
              <Box key={c} w={10} h={10} bg={c} style={{ borderRadius: '50%' }} />
            ))}
          </Group>
          <Text size="xs" fw={600} c="dimmed">
            {t('mock.window')}
          </Text>
          <Box w={42} />
        </Group>

        <Flex direction={{ base: 'column', xs: 'row' }}>
          <Box p="md" style={{ flex: 3, minWidth: 0 }}>
            <Group gap={6} mb="sm" wrap="nowrap" style={{ overflow: 'hidden' }}>
              {CATEGORIES.map((key, i) => (
                <Box
                  key={key}
                  px={10}
                  py={4}
                  bg={i === 0 ? 'orange.7' : 'gray.1'}
                  c={i === 0 ? 'white' : 'gray.7'}
                  fz={11}
                  fw={600}
                  style={{ borderRadius: 999, whiteSpace: 'nowrap' }}
                >
                  {t(key)}
                </Box>
              ))}
            </Group>
            {/* Phones get one row of three tiles above the ticket; wider screens a two-column menu beside it. */}
            <SimpleGrid cols={{ base: 3, xs: 2 }} spacing={8}>
              {TILES.map(({ key, cents, icon: Icon, color }, i) => (
                <Box key={key} className={classes.mockTile} visibleFrom={i < 3 ? undefined : 'xs'}>
                  <ThemeIcon variant="light" color={color} size={30} radius="md">
                    <Icon size={18} />
                  </ThemeIcon>
                  <Text fz={12} fw={600} mt={8} truncate>
                    {t(key)}
                  </Text>
                  <Text fz={11} c="dimmed">
                    {money(cents)}
                  </Text>
                </Box>
              ))}
            </SimpleGrid>
          </Box>

          <Stack gap={8} p="md" bg="gray.0" className={classes.mockTicket}>
            <Box>
              <Text fz={13} fw={700}>
                {t('mock.order')}
              </Text>
              <Text fz={11} c="dimmed">
                {t('mock.orderMeta')}
              </Text>
            </Box>
            <Divider />
            {LINES.map(({ qty, key, cents }) => (
              <Group key={key} justify="space-between" gap={4} wrap="nowrap">
                <Text fz={12} truncate>
                  <Text span c="orange.7" fw={700} fz={12}>
                    {qty}×
                  </Text>{' '}
                  {t(key)}
                </Text>
                <Text fz={12} fw={500}>
                  {money(cents)}
                </Text>
              </Group>
            ))}
            <Divider variant="dashed" />
            <Group justify="space-between">
              <Text fz={11} c="dimmed">
                {t('mock.tax')}
              </Text>
              <Text fz={11} c="dimmed">
                {money(TAX)}
              </Text>
            </Group>
            <Group justify="space-between">
              <Text fz={13} fw={700}>
                {t('mock.total')}
              </Text>
              <Text fz={13} fw={800}>
                {money(SUBTOTAL + TAX)}
              </Text>
            </Group>
            <Box
              mt="auto"
              py={8}
              bg="orange.7"
              c="white"
              ta="center"
              fz={12}
              fw={700}
              style={{ borderRadius: 8 }}
            >
              {t('mock.send')}
            </Box>
            <Box
              py={7}
              bg="white"
              ta="center"
              fz={12}
              fw={600}
              c="gray.8"
              style={{ borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }}
            >
              {t('mock.pay')}
            </Box>
          </Stack>
        </Flex>
      </Box>

      <Box className={classes.floatingCard}>
        <Group gap={10} wrap="nowrap">
          <Box className={classes.liveDot} />
          <Box>
            <Text fz={13} fw={700}>
              {t('mock.liveTitle')}
            </Text>
            <Text fz={11} c="dimmed">
              {t('mock.liveMeta')}
            </Text>
          </Box>
        </Group>
      </Box>

      <Box className={classes.statCard}>
        <Group gap={10} wrap="nowrap">
          <ThemeIcon variant="light" size={34} radius="md">
            <IconChartBar size={18} />
          </ThemeIcon>
          <Box>
            <Text fz={11} c="dimmed">
              {t('mock.salesToday')}
            </Text>
            <Group gap={6} wrap="nowrap">
              <Text fz={15} fw={800}>
                {money(128450)}
              </Text>
              <Group gap={2} c="teal.7" wrap="nowrap">
                <IconTrendingUp size={14} />
                <Text fz={11} fw={700}>
                  {percent.format(0.12)}
                </Text>
              </Group>
            </Group>
          </Box>
        </Group>
      </Box>
    </Box>
  );
}
