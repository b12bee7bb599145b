import { Button, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import { saveReportCsv } from '../csv.ts';

/** A column of a report table: its header (on screen and in the CSV), its cell, and the CSV's cell. */
export interface Column<R> {
  label: string;
  /** The CSV's header when it differs from the screen's (an amount column names its currency). */
  csvLabel?: string;
  cell: (row: R) => ReactNode;
  csv: (row: R) => string;
  numeric?: boolean;
}

/** A report table; `labelledBy` is its section's heading. */
export function ReportTable<R>({
  columns,
  rows,
  rowKey,
  labelledBy,
  testId,
}: {
  columns: Column<R>[];
  rows: R[];
  rowKey: (row: R, index: number) => string;
  labelledBy: string;
  testId: string;
}) {
  return (
    <Table.ScrollContainer minWidth={320} type="native">
      <Table verticalSpacing="sm" aria-labelledby={labelledBy} data-testid={`${testId}-table`}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.label} ta={c.numeric ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={rowKey(row, i)} data-testid={`${testId}-row`}>
              {columns.map((c) => (
                <Table.Td
                  key={c.label}
                  ta={c.numeric ? 'right' : undefined}
                  style={c.numeric ? { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } : undefined}
                >
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** 'Nothing sold in these dates.' in place of an empty table. */
export function NoRows({ text }: { text: string }) {
  return (
    <Text c="dimmed" ta="center" py="lg" data-testid="report-no-rows">
      {text}
    </Text>
  );
}

/**
 * The table's 'Export CSV' button: the same rows and columns as on screen, as a file made in the
 * browser (SPEC §8: 'Data exported successfully !', or 'Failed to export Data. Please try again.').
 */
export function ExportCsvButton<R>({
  table,
  title,
  range,
  columns,
  rows,
}: {
  /** The file name's part: report-<table>-<from>_<to>.csv. */
  table: string;
  title: string;
  range: { from: string; to: string };
  columns: Column<R>[];
  rows: R[];
}) {
  const { t } = useTranslation('reports');
  const exportCsv = () => {
    try {
      saveReportCsv(
        table,
        range,
        columns.map((c) => c.csvLabel ?? c.label),
        rows.map((row) => columns.map((c) => c.csv(row))),
      );
      toast.success('Data exported successfully !');
    } catch (error) {
      console.error(error);
      toast.error('Failed to export Data. Please try again.');
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={18} />}
      onClick={exportCsv}
      aria-label={t('export.label', { title })}
      data-testid={`export-${table}`}
    >
      {t('export.button')}
    </Button>
  );
}
