import type { ZReport } from '@comanda/core';
import { paths } from './paths.ts';

/**
 * The Z report's print page (/print-z-report) takes the report from the screen that opens it, through
 * localStorage, as the receipt and token pages do (lib/print.ts): the figures are the server's.
 * `paper`: an 80 mm receipt printer or an A4 sheet.
 */
export interface ZReportPrint {
  report: ZReport;
  paper: 80 | 'a4';
}

const KEY = 'comanda.print.zreport';

/** Opens the Z report in a print popup (A4 gets a page-sized window). */
export function openZReport(report: ZReport, paper: ZReportPrint['paper']) {
  localStorage.setItem(KEY, JSON.stringify({ report, paper } satisfies ZReportPrint));
  window.open(
    paths.printZReport,
    'comanda-print',
    paper === 'a4' ? 'width=820,height=900' : 'width=400,height=600',
  );
}

/** What the Z report page prints: the last one opened, or null. */
export function readZReport(): ZReportPrint | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as ZReportPrint) : null;
  } catch {
    return null;
  }
}
