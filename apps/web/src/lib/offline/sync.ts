import { ApiError, apiRequest } from '../api-client.ts';
import { hasAuthCookie, storedUser } from '../session.ts';
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
  noteFailure,
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
 * - An answer of the API (2xx, a JSON object with its message): the entry leaves the outbox; an order
 *   it created is remembered with its real token.
 * - No answer (network down, a request hanging past 15 s, 5xx, 408, 429, a 2xx that is not the API's,
 *   such as a captive portal's page): the replay stops and tries again later, the entry still first:
 *   nothing behind it goes ahead of it.
 * - The session is not usable (401 after a refused refresh, 402): the replay stops, every entry still
 *   waiting; it goes on once someone of the same store is signed in on the device again.
 * - A refusal (another 4xx): the entry is kept, marked refused, for the cashier; the replay goes on.
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
const FIRST_RETRY_MS = 2_000;
// A request the network leaves hanging is given up after this and tried again later.
const REPLAY_TIMEOUT_MS = 15_000;

type Failure = 'network' | 'server' | 'session' | 'refused';

/** What a failed replay means for the entry (see the head of this file). */
function failureOf(error: unknown): Failure {
  if (!(error instanceof ApiError)) return 'network';
  if (error.status === 401 || error.status === 402) return 'session';
  if (error.status >= 500 || error.status === 408 || error.status === 429) return 'server';
  return 'refused';
}

/** The store whose session this tab holds now: only its entries may be sent, under its cookies. */
function sessionTenant(): number | null {
  const user = storedUser('tenant');
  return user && hasAuthCookie('tenant') ? user.tenant_id : null;
}

async function withReplayLock(work: () => Promise<void>) {
  // Web Locks span the tabs of the origin; where missing, `running` below still serialises this tab.
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
  const answer = await apiRequest<unknown>(entry.path, {
    method: 'POST',
    body: await bodyFor(entry),
    signal: AbortSignal.timeout(REPLAY_TIMEOUT_MS),
    headers: {
      'Idempotency-Key': entry.key,
      // A sale is dated when it was made, not when it arrives (orders.schemas.ts, saleHeaders).
      ...(SALES.has(entry.kind)
        ? { 'X-Queued-Ms': String(Math.max(0, Date.now() - Date.parse(entry.createdAt))) }
        : {}),
    },
  });
  // Every one of these routes answers a JSON object with its message: anything else came from
  // something between the device and the server, and the call is not done.
  if (
    typeof answer !== 'object' ||
    answer === null ||
    typeof (answer as { message?: unknown }).message !== 'string'
  )
    throw new TypeError('Not an answer of the API');
  const { orderId, tokenNo } = answer as { orderId?: unknown; tokenNo?: unknown };
  const created =
    entry.order && typeof orderId === 'number' && typeof tokenNo === 'number'
      ? {
          uuid: entry.order.uuid,
          tenantId: entry.tenantId,
          orderId,
          tokenNo,
          provisionalToken: entry.order.provisionalToken,
        }
      : null;
  await completeEntry(entry.seq, created, answer);
  return answer;
}

// Bumped when a layout starts or stops syncing: a replay of an earlier session stops at its next entry.
let generation = 0;
let activeTenant: number | null = null;
let running: Promise<void> | null = null;
// Something changed while a replay ran: run once more when it ends, so nothing waits for the interval.
let again = false;

/** Replays the tenant's pending calls now (or joins the replay already running in this tab). */
export function syncOutbox(tenantId: number): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  const mine = generation;
  running = withReplayLock(async () => {
    for (;;) {
      if (mine !== generation || sessionTenant() !== tenantId) return;
      // The browser knows it has no network: nothing to try until its 'online' event.
      if (!navigator.onLine) return setReachable(false);
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
        const failure = failureOf(error);
        if (failure === 'refused') {
          setReachable(true);
          const refusal = error as ApiError;
          await refuseEntry(next.seq, {
            status: refusal.status,
            message: refusal.serverMessage ?? refusal.message,
            code: refusal.code,
            params: refusal.params,
          });
          waiters.get(next.seq)?.({ status: 'refused', error: refusal });
          continue;
        }
        setReachable(failure !== 'network');
        // A server that fails the same call again and again is shown on the entry (the cashier may
        // skip it after a few tries in a row); a dead network, or a busy server (429), is not news.
        if (failure === 'server' && (error as ApiError).status !== 429)
          await noteFailure(
            next.seq,
            (error as ApiError).serverMessage ?? `HTTP ${(error as ApiError).status}`,
          );
        else if (failure === 'network') await noteFailure(next.seq, null);
        if (mine !== generation) return;
        // Nothing waiting gets an answer before the next try: the screens go on at once.
        for (const waiter of [...waiters.values()]) waiter({ status: 'queued' });
        if (failure !== 'session') {
          retryDelay = Math.min(MAX_RETRY_MS, retryDelay ? retryDelay * 2 : FIRST_RETRY_MS);
          // Jittered, so a room of tablets does not retry in step when the server comes back.
          schedule(tenantId, retryDelay * (0.75 + Math.random() * 0.5));
        }
        again = false;
        return;
      }
    }
  }).finally(() => {
    running = null;
    // A tap or a new session asked while this ran: go on for whoever syncs now.
    if (again && activeTenant !== null) {
      again = false;
      void syncOutbox(activeTenant);
    }
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
          error: new ApiError(entry.error.status, entry.error.message, entry.error.code, entry.error.params),
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
 * browser says it is online again, on every change, and every 15 s while nothing is scheduled (the
 * backoff is not cut short). Answers the stop function, which also stops a replay under way at its
 * next entry.
 */
export function startSyncing(tenantId: number): () => void {
  generation += 1;
  activeTenant = tenantId;
  const kick = () => kickSync(tenantId);
  window.addEventListener('online', kick);
  // A call queued, retried or unblocked starts a replay, unless one is already scheduled (the
  // backoff holds); news of calls under way does not.
  const off = onOutboxChange((change) => {
    if (change === 'work' && !timer) void syncOutbox(tenantId);
  });
  const interval = setInterval(() => {
    if (!timer) void syncOutbox(tenantId);
  }, 15_000);
  kick();
  return () => {
    generation += 1;
    activeTenant = null;
    window.removeEventListener('online', kick);
    off();
    clearInterval(interval);
    if (timer) clearTimeout(timer);
    timer = null;
  };
}

/** Replays now, without waiting out the backoff (the browser is online again, "Sync now"). */
export function kickSync(tenantId: number) {
  retryDelay = 0;
  if (timer) clearTimeout(timer);
  timer = null;
  void syncOutbox(tenantId);
}

/** How long a tap waits for the server before the screen goes on with provisional figures. */
export const ANSWER_WAIT_MS = 4_000;

/**
 * An order-changing call as every screen makes it: written to the outbox, replayed at once, and waited
 * for a moment. Online, the screen gets the server's answer as before; a refusal seen here is the
 * screen's to show (the entry leaves the outbox); with no answer in time the call stays queued and the
 * screen carries on. With no network, or a server that did not answer the last call, there is nothing
 * to wait for.
 */
export async function submit(entry: NewOutboxEntry, waitMs = ANSWER_WAIT_MS): Promise<Outcome> {
  const stored = await enqueue(entry);
  const outcome =
    navigator.onLine && reachable
      ? waitForEntry(stored.seq, waitMs)
      : Promise.resolve<Outcome>({ status: 'queued' });
  void syncOutbox(entry.tenantId);
  const result = await outcome;
  if (result.status === 'refused') await dismissEntry(stored.seq);
  return result;
}
