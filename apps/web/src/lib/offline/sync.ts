import { ApiError, apiRequest } from '../api-client.ts';
import {
  type NewOutboxEntry,
  type OutboxEntry,
  completeEntry,
  dismissEntry,
  enqueue,
  getAnswer,
  getEntry,
  listEntries,
  markAttempt,
  onOutboxChange,
  pruneSynced,
  refuseEntry,
  syncedOrders,
} from './outbox.ts';

/**
 * Replays the outbox in order (docs/offline.md). One tab of the device replays at a time (a Web Lock);
 * two tabs, or two devices, replaying the same call still make one change, because each call carries
 * its Idempotency-Key and the server answers a repeat with its first answer.
 *
 * - An answer (2xx): the entry leaves the outbox; an order it created is remembered with its real token.
 * - No answer (network down, timeout, 5xx, 429): the replay stops and tries again later, the entry
 *   still first: nothing behind it goes ahead of it.
 * - A refusal (other 4xx): the entry is kept, marked refused, for the cashier; the replay goes on.
 */

/** What a screen waiting for one call learns: the server's answer, its refusal, or "still queued". */
export type Outcome =
  { status: 'synced'; answer: unknown } | { status: 'refused'; error: ApiError } | { status: 'queued' };

const waiters = new Map<number, (outcome: Outcome) => void>();

/**
 * Whether the server answered the last call sent. The browser's `navigator.onLine` only knows the
 * Wi-Fi is up; a network with no way to the server is found out by trying.
 */
let reachable = true;
const reachListeners = new Set<() => void>();
function setReachable(value: boolean) {
  if (reachable === value) return;
  reachable = value;
  reachListeners.forEach((l) => l());
}
export const serverReachable = {
  get: () => reachable,
  subscribe(listener: () => void) {
    reachListeners.add(listener);
    return () => reachListeners.delete(listener);
  },
};
let timer: ReturnType<typeof setTimeout> | null = null;
let retryDelay = 0;
const MAX_RETRY_MS = 30_000;

/** Whether an error means the server never answered (or could not), so the call may be sent again. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

async function withReplayLock(work: () => Promise<void>) {
  // Web Locks span the tabs of the origin; where missing, the in-tab flag below still serialises.
  if (navigator.locks) await navigator.locks.request('comanda-outbox-replay', work);
  else await work();
}

/** The body sent: orders taken offline are named by the ids the server gave them on sync. */
async function bodyFor(entry: OutboxEntry): Promise<unknown> {
  if (entry.orderUuids.length === 0) return entry.body;
  const synced = await syncedOrders(entry.orderUuids);
  const ids = entry.orderUuids.map((uuid) => synced.get(uuid)?.orderId);
  if (ids.some((id) => id === undefined))
    throw new ApiError(
      409,
      'An order of this table was not accepted: take it again.',
      'offline_order_missing',
    );
  const body = entry.body as { orderIds?: number[] };
  return { ...body, orderIds: [...(body.orderIds ?? []), ...(ids as number[])] };
}

/** The calls that record a sale: the server dates them by how long they waited here. */
const SALES = new Set<OutboxEntry['kind']>(['send', 'pay', 'table-pay']);

async function send(entry: OutboxEntry): Promise<unknown> {
  await markAttempt(entry.seq);
  const answer = await apiRequest<Record<string, unknown>>(entry.path, {
    method: 'POST',
    body: await bodyFor(entry),
    headers: {
      'Idempotency-Key': entry.key,
      // A sale is dated when it was made, not when it arrives (orders.schemas.ts, saleHeaders).
      ...(SALES.has(entry.kind)
        ? { 'X-Queued-Ms': String(Math.max(0, Date.now() - Date.parse(entry.createdAt))) }
        : {}),
    },
  });
  const created =
    entry.order && typeof answer.orderId === 'number' && typeof answer.tokenNo === 'number'
      ? {
          uuid: entry.order.uuid,
          tenantId: entry.tenantId,
          orderId: answer.orderId,
          tokenNo: answer.tokenNo,
          provisionalToken: entry.order.provisionalToken,
        }
      : null;
  await completeEntry(entry.seq, created, answer);
  return answer;
}

let running: Promise<void> | null = null;

/** Replays the tenant's pending calls now (or joins the replay already running in this tab). */
export function syncOutbox(tenantId: number): Promise<void> {
  running ??= withReplayLock(async () => {
    for (;;) {
      const next = (await listEntries(tenantId)).find((e) => e.state === 'pending');
      if (!next) {
        retryDelay = 0;
        await pruneSynced();
        return;
      }
      // Another tab may have replayed it while this one waited for the lock.
      if (!(await getEntry(next.seq))) continue;
      try {
        const answer = await send(next);
        setReachable(true);
        waiters.get(next.seq)?.({ status: 'synced', answer });
      } catch (error) {
        if (isTransient(error)) {
          setReachable(!(error instanceof TypeError));
          // Nothing waiting gets an answer before the next try: the screens go on at once.
          for (const waiter of [...waiters.values()]) waiter({ status: 'queued' });
          retryDelay = Math.min(MAX_RETRY_MS, retryDelay ? retryDelay * 2 : 2_000);
          schedule(tenantId, retryDelay);
          return;
        }
        setReachable(true);
        const refusal = error as ApiError;
        await refuseEntry(next.seq, {
          status: refusal.status,
          message: refusal.serverMessage ?? refusal.message,
          code: refusal.code,
        });
        waiters.get(next.seq)?.({ status: 'refused', error: refusal });
      }
    }
  }).finally(() => {
    running = null;
  });
  return running;
}

function schedule(tenantId: number, ms: number) {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    void syncOutbox(tenantId);
  }, ms);
}

/**
 * Waits up to `ms` for the server's word on one entry, whichever tab replays it (the answer or the
 * refusal is read back from IndexedDB on each change); past that the screen goes on with its
 * provisional figures and the entry stays queued.
 */
export function waitForEntry(seq: number, ms: number): Promise<Outcome> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timeout);
      waiters.delete(seq);
      off();
      resolve(outcome);
    };
    const check = async () => {
      const stored = await getAnswer(seq);
      if (stored) return done({ status: 'synced', answer: stored.answer });
      const entry = await getEntry(seq);
      if (entry?.state === 'refused' && entry.error)
        done({
          status: 'refused',
          error: new ApiError(entry.error.status, entry.error.message, entry.error.code),
        });
    };
    const off = onOutboxChange(() => void check());
    const timeout = setTimeout(() => done({ status: 'queued' }), ms);
    waiters.set(seq, done);
    void check();
  });
}

/**
 * Keeps the tenant's outbox replaying for as long as a signed-in screen is open: at once, when the
 * browser says it is online again, when the socket reconnects (`kick`), on every change, and every 15 s
 * while anything waits. Answers the stop function.
 */
export function startSyncing(tenantId: number): () => void {
  const kick = () => kickSync(tenantId);
  window.addEventListener('online', kick);
  const off = onOutboxChange(() => void syncOutbox(tenantId));
  const interval = setInterval(kick, 15_000);
  kick();
  return () => {
    window.removeEventListener('online', kick);
    off();
    clearInterval(interval);
    if (timer) clearTimeout(timer);
  };
}

/** Replays now, without waiting out the backoff (the browser is online again, "Sync now"). */
export function kickSync(tenantId: number) {
  retryDelay = 0;
  void syncOutbox(tenantId);
}

/** How long a tap waits for the server before the screen goes on with provisional figures. */
export const ANSWER_WAIT_MS = 4_000;

/**
 * An order-changing call as every screen makes it: written to the outbox, replayed at once, and waited
 * for a moment. Online, the screen gets the server's answer as before; a refusal seen here is the
 * screen's to show (the entry leaves the outbox); with no answer in time the call stays queued and the
 * screen carries on.
 */
export async function submit(entry: NewOutboxEntry, waitMs = ANSWER_WAIT_MS): Promise<Outcome> {
  const stored = await enqueue(entry);
  // With no network at all there is nothing to wait for.
  const outcome = navigator.onLine
    ? waitForEntry(stored.seq, waitMs)
    : Promise.resolve<Outcome>({ status: 'queued' });
  void syncOutbox(entry.tenantId);
  const result = await outcome;
  if (result.status === 'refused') await dismissEntry(stored.seq);
  return result;
}
