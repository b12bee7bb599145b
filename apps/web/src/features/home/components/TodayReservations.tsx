import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconCalendarEvent } from '@tabler/icons-react';
import type { Reservation } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RESERVATION_STATUS_COLORS } from '../../../lib/reservation-status.ts';
import { wallClock } from '../../../lib/store-time.ts';

/**
 * Today's bookings, earliest first (SPEC §2 Home): the time on the store's clock, the guest, the table,
 * how many and the status; a link to the reservations screen for those who may open it.
 */
export function TodayReservations({
  reservations,
  allLink,
}: {
  reservations: Reservation[];
  allLink: string | undefined;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="home-reservations">
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Group gap="xs" wrap="nowrap">
          <IconCalendarEvent size={22} aria-hidden color="var(--mantine-color-orange-7)" />
          <Title order={2} fz="h4" id="home-reservations">
            {t('home.reservations')}
          </Title>
        </Group>
        {allLink && (
          <Button
            component={Link}
            to={allLink}
            variant="subtle"
            rightSection={<IconArrowRight size={16} />}
            aria-label={t('home.reservationsAllLabel')}
          >
            {t('home.reservationsAll')}
          </Button>
        )}
      </Group>
      {reservations.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" data-testid="home-reservations-empty">
          {t('No Reservation found for Today!')}
        </Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {reservations.map((r, i) => (
            <Group
              key={r.id}
              component="li"
              gap="md"
              wrap="nowrap"
              py="sm"
              data-testid="home-reservation"
              data-code={r.unique_code}
              style={i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
            >
              <Text
                fw={700}
                fz="lg"
                w={56}
                style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}
                td={r.status === 'cancelled' ? 'line-through' : undefined}
              >
                {wallClock(r.local_date)}
              </Text>
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} truncate>
                  {r.customer_name}
                </Text>
                <Text fz="sm" c="dimmed">
                  {[r.table_title ?? t('home.noTable'), t('home.people', { count: r.people_count })].join(
                    ' · ',
                  )}
                </Text>
              </Stack>
              <Badge color={RESERVATION_STATUS_COLORS[r.status]} variant="light" radius="sm">
                {t(`home.status.${r.status}`)}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
