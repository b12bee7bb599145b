import { toCsv } from '@comanda/core';
import { saveFile } from '../../lib/download.ts';

/**
 * Saves a report table as an RFC 4180 CSV made in the browser, with the same cell rules as the
 * customers export on the server (core's `toCsv`: quoting, CRLF, formula cells defused with a leading
 * apostrophe), named after the table and the report's days: report-top-selling-2026-11-01_2026-11-26.csv.
 */
export function saveReportCsv(
  table: string,
  range: { from: string; to: string },
  header: readonly string[],
  rows: readonly (readonly string[])[],
): void {
  const csv = toCsv(header, rows);
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), reportCsvName(table, range));
}

/** The file name of a report table's CSV. */
export const reportCsvName = (table: string, range: { from: string; to: string }) =>
  `report-${table}-${range.from}_${range.to}.csv`;
