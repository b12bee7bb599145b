/**
 * Sums a Chrome trace of `npm run bench:ui` (BENCH_UI_TRACE=<dir>) by what the page's main thread did:
 * style recalculation, layout, paint, scripts, and so on, with the longest tasks. Where a CPU profile
 * says only "(program)", this says which of the browser's own steps the time went to.
 *
 *   node --import tsx bench/src/trace-summary.ts <trace.json> [top=20]
 */
import fs from 'node:fs';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: trace-summary.ts <trace.json> [top]');
const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] };
const events = Array.isArray(raw) ? raw : raw.traceEvents;

// The renderer main threads: where the page's tasks, style, layout and paint run.
const mains = new Set(
  events
    .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .map((e) => `${e.pid}:${e.tid}`),
);
const onMain = events.filter((e) => e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`) && e.dur !== undefined);
const tasks = onMain.filter((e) => e.name === 'RunTask');
const busy = tasks.reduce((s, e) => s + (e.dur ?? 0), 0);
const span = onMain.length
  ? Math.max(...onMain.map((e) => e.ts + (e.dur ?? 0))) - Math.min(...onMain.map((e) => e.ts))
  : 0;

// Each step's own time: its duration less the steps nested in it, thread by thread.
const byName = new Map<string, number>();
for (const thread of mains) {
  const stack: TraceEvent[] = [];
  const mine = onMain
    .filter((e) => `${e.pid}:${e.tid}` === thread)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  for (const e of mine) {
    while (stack.length && stack[stack.length - 1]!.ts + (stack[stack.length - 1]!.dur ?? 0) <= e.ts)
      stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) byName.set(parent.name, (byName.get(parent.name) ?? 0) - (e.dur ?? 0));
    byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0));
    stack.push(e);
  }
}
const ms = (us: number) => (us / 1000).toFixed(1).padStart(9);
console.log(`${file}: main thread busy ${ms(busy)} ms of ${ms(span)} ms, ${tasks.length} tasks`);
console.log('\nown time by step:');
for (const [name, us] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg ?? 20)))
  console.log(`${ms(us)} ms  ${name}`);
console.log('\nlongest tasks:');
for (const t of [...tasks].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, 8))
  console.log(`${ms(t.dur ?? 0)} ms`);
