import { Card, Group, Text, Title } from '@mantine/core';
import type { KitchenTickets } from '@comanda/core';
import { useTranslation } from 'react-i18next';

/** "All day": how many of each item (and variant) are still to make across every ticket. */
export function AllDayPanel({ allDay }: { allDay: KitchenTickets['allDay'] }) {
  const { t } = useTranslation('kitchen');
  return (
    <Card radius="lg" padding="md" bg="dark.6" component="section" aria-labelledby="all-day-title">
      <Group gap="md" align="center" wrap="wrap">
        <Title order={2} id="all-day-title" fz={22} c="white">
          {t('allDay.title')}
        </Title>
        {allDay.length === 0 ? (
          <Text fz="lg" c="gray.3">
            {t('allDay.none')}
          </Text>
        ) : (
          <Group gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} wrap="wrap">
            {allDay.map((row) => (
              <Group
                key={`${row.item_id ?? row.item_title}-${row.variant_title ?? ''}`}
                component="li"
                gap={8}
                wrap="nowrap"
                px="sm"
                py={6}
                data-testid="all-day-row"
                style={{ background: 'var(--mantine-color-dark-4)', borderRadius: 8 }}
              >
                <Text fz={24} fw={800} c="white" data-testid="all-day-qty">
                  {row.quantity}
                </Text>
                <Text fz="lg" fw={600} c="white" data-testid="all-day-title">
                  {row.variant_title ? `${row.item_title} (${row.variant_title})` : row.item_title}
                </Text>
              </Group>
            ))}
          </Group>
        )}
      </Group>
    </Card>
  );
}
