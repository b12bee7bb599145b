/**
 * Reads a V8 .cpuprofile (the app run with BENCH_CPU_PROF=<dir>) and prints where the main thread's
 * time went: self time by package or app area, and the top functions by self time. Given a result
 * file and a scenario name, only the samples taken while that scenario ran count (both clocks are
 * the monotonic one).
 *
 *   node --import tsx bench/src/profile.ts <file.cpuprofile> [<result.json> "<scenario>"] [top=30]
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const [file, resultFile, scenario] = args;
if (!file) throw new Error('usage: profile.ts <file.cpuprofile> [<result.json> "<scenario>"] [top]');
const top = Number((args.length === 2 ? args[1] : args[3]) ?? 30);
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;

let window = { start: -Infinity, end: Infinity };
if (resultFile && scenario) {
  const result = JSON.parse(fs.readFileSync(resultFile, 'utf8')) as {
    scenarios: { name: string; monotonicUs?: { start: number; end: number } }[];
  };
  const found = result.scenarios.find((x) => x.name === scenario)?.monotonicUs;
  if (!found) throw new Error(`no monotonic window for ${scenario} in ${resultFile}`);
  window = found;
}

// Self time per node: each sample's delta belongs to the node sampled.
const self = new Map<number, number>();
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  if (at >= window.start && at <= window.end) self.set(id, (self.get(id) ?? 0) + delta);
});
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const total = [...self.values()].reduce((a, b) => a + b, 0);

/** A package (node_modules/<name>), an app area (apps/server/src/<dir>), node internals or V8. */
function area(url: string, name: string) {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  const app = /(apps\/server\/src\/(?:modules\/)?[^/]+|packages\/core)/.exec(url)?.[1];
  if (app) return app;
  if (url.startsWith('node:')) return 'node internals';
  return url;
}

const pct = (us: number) => `${((us / total) * 100).toFixed(1)}%`;
const ms = (us: number) => `${Math.round(us / 1000)} ms`;

const areas = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id);
  if (!n) continue;
  const { functionName, url, lineNumber } = n.callFrame;
  const a = area(url, functionName);
  areas.set(a, (areas.get(a) ?? 0) + us);
  const where = url ? `${url.replace(/^.*?(node_modules\/|apps\/|packages\/)/, '$1')}:${lineNumber + 1}` : '';
  const key = `${functionName || '(anonymous)'} ${where}`;
  functions.set(key, (functions.get(key) ?? 0) + us);
}

console.log(`${file}${scenario ? ` during ${scenario}` : ''}: ${ms(total)} sampled\n\nself time by area:`);
for (const [a, us] of [...areas].sort((x, y) => y[1] - x[1]).slice(0, top))
  console.log(`  ${pct(us).padStart(6)}  ${a}`);
console.log('\ntop functions by self time:');
for (const [f, us] of [...functions].sort((x, y) => y[1] - x[1]).slice(0, top))
  console.log(`  ${pct(us).padStart(6)}  ${f}`);
