// Hostile input (issue 16): every API route, as registered, gets bodies, query strings, path values and
// headers made from its own OpenAPI schema and then broken (wrong types, oversized, missing, extra,
// deeply nested, not JSON at all). Whatever arrives, the answer is never a 5xx, and a refused call
// (4xx) writes nothing. The cases come from a seeded generator: a failure names its seed and case.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from '../app.ts';
import {
  SUPERADMIN,
  type TestApp,
  type TestClient,
  createTenant,
  databaseFingerprint,
  startTestApp,
} from '../../test/harness.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const CASES_PER_ROUTE = Number(process.env.FUZZ_CASES ?? 12);
const PREFIX = '/api/v1';

/** mulberry32: a small deterministic generator, so a failing case can be replayed from its seed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  return { next, int, pick };
}
type Random = ReturnType<typeof generator>;

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
}

const deep = (depth: number): unknown => (depth === 0 ? 'x' : { a: deep(depth - 1) });

/** Values of the wrong kind, out of range or hostile, whatever the field is. */
function junk(r: Random): unknown {
  return r.pick<() => unknown>([
    () => null,
    () => true,
    () => -1,
    () => 0,
    () => 1.5,
    () => 2 ** 53 + 1,
    () => -(2 ** 63),
    () => 1e308,
    () => '',
    () => ' ',
    () => 'x'.repeat(20_000),
    () => '1e999',
    () => '-0',
    () => 'NaN',
    () => '12.345678',
    () => "'; drop table orders; --",
    () => '<script>alert(1)</script>',
    () => '💥'.repeat(50),
    () => '\u202e\ufeff',
    () => 'nul\u0000byte',
    () => '2026-02-30',
    () => '../../etc/passwd',
    () => [],
    () => [1, 'a', null],
    () => Array.from({ length: 5000 }, (_, i) => i),
    () => ({}),
    () => ({ __proto__: { admin: true } }),
    () => deep(60),
  ])();
}

/** A value that fits the schema as far as a generator can tell, so the next step can break one field. */
function fitting(schema: Schema | undefined, r: Random, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return fitting(r.pick(alt), r, depth + 1);
  if (schema.allOf?.length) return fitting(schema.allOf[0], r, depth + 1);
  if (schema.enum?.length) return r.pick(schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type ?? '') {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {}))
        if (schema.required?.includes(key) || r.next() < 0.5) out[key] = fitting(prop, r, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: r.int(3) }, () => fitting(schema.items, r, depth + 1));
    case 'integer':
      return Math.max(schema.minimum ?? 0, Math.min(schema.maximum ?? 1_000, r.int(1_000)));
    case 'number':
      return Math.max(schema.minimum ?? 0, Math.min(schema.maximum ?? 1_000, r.int(100_000) / 100));
    case 'boolean':
      return r.next() < 0.5;
    case 'string':
      if (schema.format === 'uuid') return crypto.randomUUID();
      if (schema.format === 'email') return `fuzz${r.int(1e6)}@cafe.test`;
      return 'fuzz'.slice(0, Math.max(1, schema.maxLength ?? 4));
    default:
      return 'fuzz';
  }
}

/** One field somewhere in a value replaced, removed or added. */
function broken(value: unknown, r: Random): unknown {
  if (value === null || typeof value !== 'object' || r.next() < 0.2) return junk(r);
  // A copied array stays an array; it is only indexed like an object here.
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...value }) as Record<string, unknown>;
  const keys = Object.keys(copy);
  const roll = r.next();
  if (keys.length === 0 || roll < 0.15) copy[`extra${r.int(9)}`] = junk(r);
  else if (roll < 0.3) delete copy[r.pick(keys)];
  else {
    const key = r.pick(keys);
    copy[key] = broken(copy[key], r);
  }
  return copy;
}

interface Case {
  path: string;
  query: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** A path value that is no id at all, an id that is not there, or out of every range. */
function pathValue(r: Random): string {
  return encodeURIComponent(
    String(
      r.pick([
        '0',
        '-1',
        '1.5',
        '999999999999',
        '9'.repeat(40),
        'abc',
        "1' or '1'='1",
        '%00',
        '💥',
        'x'.repeat(300),
        String(r.int(1000)),
      ]),
    ),
  );
}

function makeCase(route: ApiRoute, schema: { body?: Schema; query?: Schema }, r: Random): Case {
  const path = route.url.slice(PREFIX.length).replace(/:(\w+)/g, () => pathValue(r));
  const query = new URLSearchParams();
  for (const [key, prop] of Object.entries(schema.query?.properties ?? {}))
    if (r.next() < 0.6) query.set(key, String(r.next() < 0.5 ? junk(r) : fitting(prop, r)));
  if (r.next() < 0.2) query.set(`extra${r.int(9)}`, 'x'.repeat(r.int(5000)));
  const headers: Record<string, string> = {};
  if (r.next() < 0.3) headers['idempotency-key'] = r.pick(['', ' ', 'k'.repeat(300), crypto.randomUUID()]);
  if (r.next() < 0.3) headers['x-queued-ms'] = r.pick(['-1', 'abc', '1e20', '99999999999', '1.5', '']);
  let body: string | undefined;
  if (route.method !== 'GET' && route.method !== 'DELETE') {
    const roll = r.next();
    if (roll < 0.05) body = 'x'.repeat(300 * 1024);
    else if (roll < 0.1) body = '{"unterminated": ';
    else if (roll < 0.15) body = JSON.stringify(deep(2000));
    else body = JSON.stringify(broken(fitting(schema.body, r), r)) ?? 'null';
    headers['content-type'] =
      r.next() < 0.1
        ? r.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])
        : 'application/json';
  }
  return { path, query: query.size ? `?${query}` : '', headers, body };
}

let app: TestApp;
let routes: ApiRoute[];
let schemas: Map<string, { body?: Schema; query?: Schema }>;
beforeAll(async () => {
  // An app and database of its own: the super admin's routes reach every tenant.
  app = await startTestApp({ API_DOCS: 'true' });
  routes = app.routes;
  const doc = (await (await fetch(`${app.url}/api/docs/json`)).json()) as {
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: { content?: Record<string, { schema?: Schema }> };
          parameters?: { in: string; name: string; schema?: Schema }[];
        }
      >
    >;
  };
  schemas = new Map();
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      const query: Schema = { type: 'object', properties: {} };
      for (const p of op.parameters ?? [])
        if (p.in === 'query' && query.properties) query.properties[p.name] = p.schema ?? {};
      const body = op.requestBody?.content?.['application/json']?.schema;
      const url = `${PREFIX}${path.replace(/\{(\w+)\}/g, ':$1')}`;
      schemas.set(`${method.toUpperCase()} ${url}`, { ...(body ? { body } : {}), query });
    }
});
afterAll(() => app.close());

/** Every row of the fuzzed app's database (harness `databaseFingerprint`). */
const fingerprint = () => databaseFingerprint(app);

async function send(client: TestClient | null, route: ApiRoute, c: Case) {
  const res = await fetch(`${app.url}${PREFIX}${c.path}${c.query}`, {
    method: route.method,
    headers: {
      'user-agent': 'Mozilla/5.0 fuzz',
      ...(client?.cookies.size ? { cookie: client.cookieHeader() } : {}),
      ...c.headers,
    },
    body: c.body,
  });
  await res.arrayBuffer();
  return res.status;
}

/** Calls that would end the session the walk signs in with. */
const SESSION_ENDERS = new Set([
  'POST /api/v1/auth/signout',
  'POST /api/v1/auth/remove-device',
  // Making this browser a store device ends the owner's own session on it (docs/staff-pins.md).
  'POST /api/v1/auth/store-devices',
  'POST /api/v1/superadmin/signout',
]);

describe('every route under hostile input', () => {
  it('never answers 5xx, and a refused call writes nothing', { timeout: 600_000 }, async () => {
    const owner = await createTenant(app);
    const superadmin = app.client();
    expect((await superadmin.post('/superadmin/signin', SUPERADMIN)).status).toBe(200);
    const failures: string[] = [];
    let calls = 0;
    for (const [index, route] of routes.entries()) {
      const key = `${route.method} ${route.url}`;
      if (SESSION_ENDERS.has(key)) continue;
      const client =
        'public' in route.access ? null : 'superadmin' in route.access ? superadmin : owner.client;
      const schema = schemas.get(key) ?? {};
      const r = generator(SEED + index);
      const cases = Array.from({ length: CASES_PER_ROUTE }, () => makeCase(route, schema, r));
      const where = (n: number, c: Case) =>
        `${key} (seed ${SEED + index}, case ${n}): ${c.path}${c.query.slice(0, 80)} ${c.body?.slice(0, 120) ?? ''}`;
      // A fingerprint per route, not per call (it reads every table): when every call was refused, nothing
      // may have changed; when the route accepted some, the refused ones are replayed one by one.
      const before = await fingerprint();
      const refused: number[] = [];
      for (const [n, c] of cases.entries()) {
        const status = await send(client, route, c);
        calls++;
        if (status >= 500) failures.push(`${status} ${where(n, c)}`);
        else if (status >= 400) refused.push(n);
      }
      if (refused.length === cases.length) {
        if ((await fingerprint()) !== before)
          failures.push(`wrote on a refusal: ${key} (seed ${SEED + index})`);
        continue;
      }
      for (const n of refused) {
        const c = cases[n] as Case;
        const again = await fingerprint();
        const status = await send(client, route, c);
        if (status >= 400 && (await fingerprint()) !== again)
          failures.push(`${status} wrote: ${where(n, c)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(routes.length * (CASES_PER_ROUTE - 1));
    // The walk's sessions lived through it, so every call above was made signed in.
    expect((await owner.client.get('/auth/me')).status).toBe(200);
    expect((await superadmin.get('/superadmin/me')).status).toBe(200);
  });
});
