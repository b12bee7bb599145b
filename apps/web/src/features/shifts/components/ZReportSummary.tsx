import { Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { ZReport } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { showAmount } from '../../../lib/money.ts';
import { openZReport } from '../../../lib/z-report-print.ts';

/**
 * The Z report on screen, right after the close: the count against what was expected (now shown, the
 * count was blind), the takings, and the buttons that print it at 80 mm or on A4.
 */
export function ZReportSummary({ report }: { report: ZReport }) {
  const { t } = useTranslation('shifts');
  // An expected drawer can be below 0 (paid out more than it held): the sign is kept.
  const money = (amount: number) =>
    `${amount < 0 ? '-' : ''}${showAmount(Math.abs(amount), report.currency)}`;
  const signed = (amount: number) => (amount > 0 ? `+${money(amount)}` : money(amount));
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="z-report-summary">
      <Stack>
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="h3">
            {t('z.title')}
          </Title>
          <Group gap="xs" wrap="nowrap">
            <Button
              variant="default"
              leftSection={<IconPrinter size={18} />}
              onClick={() => openZReport(report, 80)}
            >
              {t('z.print80')}
            </Button>
            <Button leftSection={<IconPrinter size={18} />} onClick={() => openZReport(report, 'a4')}>
              {t('z.printA4')}
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Figure label={t('z.bills')} value={String(report.sales.bills)} />
          <Figure label={t('z.net')} value={money(report.sales.net)} />
          <Figure label={t('z.tax')} value={money(report.sales.tax)} />
          <Figure label={t('z.total')} value={money(report.sales.total)} />
        </SimpleGrid>
        <Table verticalSpacing="sm" data-testid="z-tenders">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('z.tender')}</Table.Th>
              <Table.Th ta="right">{t('z.expected')}</Table.Th>
              <Table.Th ta="right">{t('z.counted')}</Table.Th>
              <Table.Th ta="right">{t('z.difference')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.tenders.map((line) => (
              <Table.Tr key={line.key} data-testid="z-tender-row">
                <Table.Td>{line.title}</Table.Td>
                <Table.Td ta="right">{money(line.expected)}</Table.Td>
                <Table.Td ta="right">
                  {line.counted === null ? t('z.notCounted') : money(line.counted)}
                </Table.Td>
                <Table.Td
                  ta="right"
                  fw={600}
                  c={line.difference ? (line.difference < 0 ? 'red.8' : 'teal.8') : undefined}
                >
                  {line.difference === null
                    ? ''
                    : line.difference === 0
                      ? t('z.even')
                      : t(line.difference < 0 ? 'z.short' : 'z.over', { amount: signed(line.difference) })}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} role="group" aria-label={label}>
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="lg" fw={700}>
        {value}
      </Text>
    </Stack>
  );
}
