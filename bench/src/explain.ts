/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement one GET /reports runs for a range, and of the
 * dashboard's bookings read, as the app runs them: in a transaction as comanda_app with app.tenant_id
 * set (row-level security included), with the same parameters. Rolled back: nothing is written.
 */
import fs from 'node:fs';
import pg from 'pg';
import {
  STORE_SETTINGS,
  type Statement,
  TIMEZONE,
  addDays,
  midnightIn,
  rangeFigureStatements,
  reportRanges,
  reportRestStatements,
  reservationsStatement,
  todayIn,
} from './report-sql.ts';

export interface PlanSummary {
  name: string;
  /** The plan's scan nodes (index, bitmap, seq), as EXPLAIN prints them. */
  scans: string[];
  executionMs: number | null;
  /** A sequential scan of a table other than the small rollups' neighbours would be a finding. */
  seqScans: string[];
}

/** Writes the plans of a custom range's report (from–to, store days) to `file`; answers a summary. */
export async function explainReport(
  url: string,
  tenantId: number,
  range: { from: string; to: string },
  file: string,
): Promise<PlanSummary[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const out: string[] = [];
  const summaries: PlanSummary[] = [];
  try {
    await client.query('begin');
    await client.query(
      `select set_config('app.tenant_id', $1, true), set_config('role', 'comanda_app', true)`,
      [String(tenantId)],
    );
    const { rows: zone } = await client.query<{ timezone: string }>(TIMEZONE, [tenantId, 1]);
    const timezone = zone[0]?.timezone ?? 'UTC';
    const { rows: store } = await client.query<{ currency: string }>(STORE_SETTINGS, [tenantId, 1]);
    const currency = store[0]?.currency ?? 'USD';
    const { range: r, previous } = reportRanges('custom', todayIn(timezone), range);
    const instants = { from: midnightIn(r.from, timezone), to: midnightIn(addDays(r.to, 1), timezone) };
    const today = todayIn(timezone);
    const statements: Statement[] = [
      { name: 'store time zone', text: TIMEZONE, params: [tenantId, 1] },
      { name: 'store settings', text: STORE_SETTINGS, params: [tenantId, 1] },
      ...rangeFigureStatements(tenantId, { ...r, currency }, instants),
      ...reportRestStatements(tenantId, { ...r, currency }, { ...previous, currency }),
      reservationsStatement(tenantId, {
        from: midnightIn(today, timezone),
        to: midnightIn(addDays(today, 1), timezone),
      }),
    ];
    out.push(
      `EXPLAIN (ANALYZE, BUFFERS) of GET /reports?type=custom&from=${r.from}&to=${r.to} (previous period ${previous.from} to ${previous.to}) and the dashboard's bookings of ${today}`,
      `tenant ${tenantId}, store time zone ${timezone}, currency ${currency}; as comanda_app with app.tenant_id set`,
      '',
    );
    for (const s of statements) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${s.text}`,
        s.params,
      );
      const plan = rows.map((row) => row['QUERY PLAN']);
      out.push(`== ${s.name}`, s.text, `-- parameters: ${JSON.stringify(s.params)}`, ...plan, '');
      const scans = plan.filter((l) => /Scan/.test(l)).map((l) => l.trim().replace(/^->\s*/, ''));
      const time = plan.map((l) => /Execution Time: ([\d.]+) ms/.exec(l)?.[1]).find(Boolean);
      summaries.push({
        name: s.name,
        scans,
        executionMs: time ? Number(time) : null,
        seqScans: scans.filter((l) => l.startsWith('Seq Scan')),
      });
    }
    await client.query('rollback');
  } finally {
    await client.end();
  }
  fs.writeFileSync(file, `${out.join('\n')}\n`);
  return summaries;
}
