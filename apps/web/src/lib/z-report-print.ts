import type { ZReport } from '@comanda/core';
import { paths } from './paths.ts';
import { openPrintPopup, receivedPrint } from './print-handoff.ts';
import { hasAuthCookie } from './session.ts';

/**
 * The Z report's print page (/print-z-report) takes the report from the screen that opens it, from
 * the opener's memory, as the receipt and token pages do (lib/print-handoff.ts): never stored, so the
 * expected cash it shows is gone with the session. The figures are the server's.
 * `paper`: an 80 mm receipt printer or an A4 sheet.
 */
export interface ZReportPrint {
  report: ZReport;
  paper: 80 | 'a4';
}

/** Opens the Z report in a print popup (A4 gets a page-sized window). */
export function openZReport(report: ZReport, paper: ZReportPrint['paper']) {
  openPrintPopup(
    paths.printZReport,
    paper === 'a4' ? 'width=820,height=900' : 'width=400,height=600',
    'zreport',
    { report, paper } satisfies ZReportPrint,
  );
}

/** What the Z report page prints: what its opener handed over, while the session lasts; else null. */
export function readZReport(): ZReportPrint | null {
  return hasAuthCookie('tenant') ? receivedPrint<ZReportPrint>('zreport') : null;
}
