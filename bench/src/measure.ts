import autocannon from 'autocannon';
import type { CpuUse } from './cpu.ts';

/** What one scenario measured, as written to bench/results/*.json. */
export interface ScenarioResult {
  name: string;
  method: string;
  path: string;
  connections: number;
  /** Seconds autocannon ran. */
  durationSeconds: number;
  requests: number;
  requestsPerSecond: { mean: number; stddev: number; min: number; max: number };
  latencyMs: { mean: number; p50: number; p97_5: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** The server's resident memory right after the scenario, in MiB (null where not readable). */
  serverRssMiB: number | null;
  /** Cores used on average during the scenario by the server, the bench and other programs (Linux only). */
  cpu: CpuUse | null;
  /** When it ran, on the monotonic clock in µs (to cut a server CPU profile to the scenario). */
  monotonicUs?: { start: number; end: number };
}

export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
  /** A fresh JSON body for every request (autocannon calls this before each one). */
  body?: () => unknown;
  /** Headers of their own for every request (an Idempotency-Key), beside `headers`. */
  headersPerRequest?: () => Record<string, string>;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Runs one autocannon scenario against the server (loopback only, bounded by its duration). */
export async function measure(
  origin: string,
  scenario: Scenario,
): Promise<Omit<ScenarioResult, 'serverRssMiB' | 'cpu' | 'monotonicUs'>> {
  const url = new URL(scenario.path, origin);
  if (url.hostname !== '127.0.0.1')
    throw new Error(`the bench only sends traffic to 127.0.0.1, not ${url.hostname}`);
  const headers: Record<string, string> = { ...scenario.headers };
  if (scenario.body) headers['content-type'] = 'application/json';
  const makeBody = scenario.body;
  const perRequest = scenario.headersPerRequest;
  const result = await autocannon({
    url: url.toString(),
    connections: scenario.connections,
    duration: scenario.durationSeconds,
    timeout: 30,
    requests: [
      {
        method: scenario.method,
        // With its query string: GET /reports?type=... and the list filters differ only there.
        path: url.pathname + url.search,
        headers,
        ...(makeBody || perRequest
          ? {
              setupRequest: (request) => ({
                ...request,
                ...(makeBody ? { body: JSON.stringify(makeBody()) } : {}),
                ...(perRequest ? { headers: { ...request.headers, ...perRequest() } } : {}),
              }),
            }
          : {}),
      },
    ],
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = stat.count ?? 0;
  return {
    name: scenario.name,
    method: scenario.method,
    path: scenario.path,
    connections: result.connections,
    durationSeconds: round(result.duration),
    requests: result.requests.total,
    requestsPerSecond: {
      mean: round(result.requests.mean),
      stddev: round(result.requests.stddev),
      min: result.requests.min,
      max: result.requests.max,
    },
    latencyMs: {
      mean: round(result.latency.mean),
      p50: result.latency.p50,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}

/** A scenario that answered anything but 2xx measured errors, not work: the bench stops on it. */
export function problems(
  r: Pick<ScenarioResult, 'name' | 'requests' | 'non2xx' | 'errors' | 'timeouts' | 'statusCodes'>,
) {
  const out: string[] = [];
  if (r.requests === 0) out.push('no request completed');
  if (r.non2xx > 0)
    out.push(`${r.non2xx} non-2xx responses (status codes: ${JSON.stringify(r.statusCodes)})`);
  if (r.errors > 0) out.push(`${r.errors} connection errors`);
  if (r.timeouts > 0) out.push(`${r.timeouts} timeouts`);
  return out.length ? `${r.name}: ${out.join('; ')}` : null;
}
