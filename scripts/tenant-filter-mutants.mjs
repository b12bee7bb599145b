// Mutation check for tenant filters (issue 7), run by hand: `node scripts/tenant-filter-mutants.mjs
// [path-substring…] [--all] [--list]`. For every `eq(table.tenantId, value)` in the server's source, one at a
// time, it removes that filter, runs the server tests with RLS out of the app's way (TEST_RLS=off on
// PGlite) and restores the file. A mutant a test fails on is killed; one every test passes is a
// tenant filter no test would miss. Only the tests of the repo's module and of the modules importing
// it (directly or through other files) run, unless --all. Join conditions between two tables' tenant_id columns are left alone: ids are
// unique across tenants, so removing one changes no answer.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { RLS_ONLY_TESTS } from './rls-only-tests.mjs';

const SRC = 'apps/server/src';
const args = process.argv.slice(2);
const runAll = args.includes('--all');
const listOnly = args.includes('--list');
const only = args.filter((a) => !a.startsWith('--'));
// eq(x.tenantId, value), value not itself a column's tenantId.
const FILTER = /eq\(\s*([A-Za-z_$][\w$]*)\.tenantId\s*,(?!\s*[A-Za-z_$][\w$]*\.tenantId\b)\s*([^()]*?)\)/g;

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const files = walk(SRC);
const sources = files.filter((f) => !f.endsWith('.test.ts') && !f.includes('.fixtures.'));
const tests = files.filter((f) => f.endsWith('.test.ts') && !RLS_ONLY_TESTS.includes(f));

/** The name of the function a position is in: the nearest declaration above it. */
function functionAt(text, index) {
  const before = text.slice(0, index);
  const decl =
    /(?:function\s+([\w$]+)|(?:const|let)\s+([\w$]+)\s*=\s*(?:async\s*)?(?:\(|[\w$]+\s*=>|function))/g;
  let name = '?';
  for (const m of before.matchAll(decl)) name = m[1] ?? m[2] ?? name;
  return name;
}

/** The tests of the file's module and of every module that imports it, directly or through others. */
function testsFor(file) {
  if (runAll) return tests;
  const dirs = new Set([path.dirname(file)]);
  const seen = new Set([file]);
  const queue = [file];
  while (queue.length) {
    const base = path.basename(queue.shift()).replace('.', '\\.');
    for (const s of sources) {
      if (seen.has(s) || !new RegExp(`from '[^']*/${base}'`).test(fs.readFileSync(s, 'utf8'))) continue;
      seen.add(s);
      queue.push(s);
      dirs.add(path.dirname(s));
    }
  }
  const mapped = tests.filter((t) => dirs.has(path.dirname(t)));
  return mapped.length ? mapped : tests;
}

const mutants = [];
for (const file of sources) {
  if (only.length && !only.some((o) => file.includes(o))) continue;
  const text = fs.readFileSync(file, 'utf8');
  for (const m of text.matchAll(FILTER)) {
    const line = text.slice(0, m.index).split('\n').length;
    mutants.push({
      file,
      index: m.index,
      length: m[0].length,
      filter: m[0],
      line,
      fn: functionAt(text, m.index),
    });
  }
}

/** Runs vitest on the tests and answers its exit code; a signal to this script ends it too. */
let running;
function vitest(testFiles) {
  return new Promise((resolve) => {
    running = spawn(
      'npx',
      ['vitest', 'run', '--project', 'server', '--bail=1', '--reporter=dot', ...testFiles],
      { env: { ...process.env, TEST_DB: 'pglite', TEST_RLS: 'off' }, stdio: 'ignore', detached: true },
    );
    running.on('exit', (code) => resolve(code ?? 1));
  });
}

let restore;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (running?.pid) process.kill(-running.pid, 'SIGKILL');
    restore?.();
    process.exit(130);
  });
}

console.log(`${mutants.length} tenant filters in ${SRC}\n`);
if (listOnly) {
  for (const m of mutants)
    console.log(`${m.file}:${m.line} ${m.fn}() ${m.filter} -> ${testsFor(m.file).length} test files`);
  process.exit(0);
}
const results = [];
for (const mutant of mutants) {
  const original = fs.readFileSync(mutant.file, 'utf8');
  restore = () => fs.writeFileSync(mutant.file, original);
  // drizzle's where() and and() skip an undefined condition: the filter is simply gone.
  fs.writeFileSync(
    mutant.file,
    original.slice(0, mutant.index) + 'undefined' + original.slice(mutant.index + mutant.length),
  );
  const started = Date.now();
  let status;
  try {
    status = await vitest(testsFor(mutant.file));
  } finally {
    restore();
    restore = undefined;
  }
  const killed = status !== 0;
  const where = `${mutant.file}:${mutant.line} ${mutant.fn}()`;
  results.push({ ...mutant, killed, where });
  console.log(
    `${killed ? 'killed  ' : 'SURVIVED'} ${where} ${mutant.filter} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
}

const survivors = results.filter((r) => !r.killed);
console.log(`\n${results.length - survivors.length} killed, ${survivors.length} survived`);
for (const s of survivors) console.log(`  survived: ${s.where} ${s.filter}`);
process.exit(survivors.length ? 1 : 0);
