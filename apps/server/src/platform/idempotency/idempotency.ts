import crypto from 'node:crypto';
import type { Tx } from '../db/client.ts';
import { fail } from '../errors.ts';
import * as repo from './idempotency.repo.ts';

/**
 * How long a key's answer is kept: longer than any client retries, the offline POS's queue included.
 * A request retried later still creates nothing new: orders are also found by their UUID.
 */
export const KEY_RETENTION_DAYS = 7;
// Each tenant's expired keys are swept at most once an hour per node, within a request that claims a key.
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const lastSweep = new Map<number, number>();

// Request bodies are a few levels deep; anything deeper is refused rather than recursed into.
const MAX_DEPTH = 16;

/** JSON with object keys sorted at every level: one text for one request, whatever the key order. */
function canonicalJson(value: unknown, depth = 0): string {
  if (depth > MAX_DEPTH) throw fail('invalid_request');
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v, depth + 1)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v, depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a key is bound to: the route and a SHA-256 of the canonical body. */
export function fingerprint(route: string, body: unknown): string {
  return `${route} ${crypto.createHash('sha256').update(canonicalJson(body)).digest('hex')}`;
}

/**
 * Runs `work` at most once per Idempotency-Key, inside the caller's transaction: the key's row is
 * claimed first, so a repeat (even a concurrent one, which waits on the row) gets the stored answer and
 * does nothing; the same key with another route or body is a 422. Without a key, `work` just runs.
 * A failing request rolls its claim back with everything else, so it may be retried.
 */
export async function once<T>(
  tx: Tx,
  tenantId: number,
  key: string | undefined,
  request: { route: string; body: unknown },
  work: () => Promise<T>,
): Promise<{ answer: T; replayed: boolean }> {
  if (key === undefined) return { answer: await work(), replayed: false };
  const print = fingerprint(request.route, request.body);
  if (!(await repo.claimKey(tx, tenantId, key, print))) {
    const stored = await repo.findKey(tx, tenantId, key);
    if (!stored || stored.request !== print || stored.response === null) throw fail('idempotency_key_reused');
    return { answer: stored.response as T, replayed: true };
  }
  const answer = await work();
  await repo.storeResponse(tx, tenantId, key, answer);
  if (Date.now() - (lastSweep.get(tenantId) ?? 0) > SWEEP_EVERY_MS) {
    lastSweep.set(tenantId, Date.now());
    await repo.deleteExpired(tx, tenantId, KEY_RETENTION_DAYS);
  }
  return { answer, replayed: false };
}
