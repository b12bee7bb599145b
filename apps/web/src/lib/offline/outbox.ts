import type { Order } from '@comanda/core';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * The device's outbox (issue 14, docs/offline.md): every order-changing call is written here first,
 * then replayed in order by lib/offline/sync.ts until the server has answered it. IndexedDB survives a
 * reload, a crash and a closed tab; persistent storage is asked for so the browser does not evict it
 * under disk pressure. Every tab of the origin shares it, and tells the others of each change.
 */

/** What a queued call does, for the badge's list and the screens' pending marks. */
export type OutboxKind =
  'send' | 'pay' | 'item-status' | 'cancel' | 'complete' | 'table-pay' | 'kitchen-status' | 'bump';

export interface OutboxEntry {
  /** Replay order: IndexedDB's own counter, so two tabs never share one. */
  seq: number;
  /** The Idempotency-Key: the server applies the call once, whoever replays it and however often. */
  key: string;
  /** The session it was made under: another tenant signed in on the device never replays it. */
  tenantId: number;
  kind: OutboxKind;
  path: string;
  body: unknown;
  /** Orders taken on this device that the call names by uuid (their ids are the server's, found on sync). */
  orderUuids: string[];
  /** The order this entry creates (send, pay): its uuid and the provisional token the cashier saw. */
  order: { uuid: string; provisionalToken: string } | null;
  /**
   * An order sent to the kitchen from this device as Table Orders shows it until it syncs: the cart's
   * lines at the device's figures, the provisional token as `token_no`'s stand-in, a negative id.
   */
  preview: (Order & { provisional_token: string }) | null;
  /** Whom it concerns, for the list: a token, a table, a guest. */
  label: string;
  createdAt: string;
  /** 'refused': the server answered no; it stays until the cashier has seen it and chosen. */
  state: 'pending' | 'refused';
  error: { status: number; message: string; code?: string; params?: Record<string, string> } | null;
  attempts: number;
  /** What the server said when it failed this call (5xx), and how many times in a row. */
  lastError: { message: string; count: number } | null;
}

/** The line a status call names: the last part of its path (/orders/update-status/:id, /kitchen/:id). */
export const lineIdOf = (entry: Pick<OutboxEntry, 'path'>) => Number(entry.path.split('/').pop());

export type NewOutboxEntry = Omit<
  OutboxEntry,
  'seq' | 'state' | 'error' | 'attempts' | 'lastError' | 'createdAt'
>;

/** An order this device took, once the server has it: its id and its real token. */
export interface SyncedOrder {
  uuid: string;
  tenantId: number;
  orderId: number;
  tokenNo: number;
  provisionalToken: string;
  syncedAt: string;
}

interface OfflineDb extends DBSchema {
  outbox: { key: number; value: OutboxEntry; indexes: { tenant: number } };
  synced: { key: string; value: SyncedOrder; indexes: { syncedAt: string } };
  meta: { key: string; value: { key: string; value: number; day: string } };
  /** The server's answer to an entry, for a tab that waits on it while another tab replayed it. */
  answers: { key: number; value: { seq: number; answer: unknown; at: string } };
}

const DB_NAME = 'comanda-offline';
// Synced orders are kept as long as the server keeps a key's answer (KEY_RETENTION_DAYS): a pay or
// cancel still waiting names them by uuid, and every screen shows the real token.
const SYNCED_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

let dbPromise: Promise<IDBPDatabase<OfflineDb>> | null = null;
function db() {
  dbPromise ??= openDB<OfflineDb>(DB_NAME, 1, {
    upgrade(database) {
      const outbox = database.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      outbox.createIndex('tenant', 'tenantId');
      const synced = database.createObjectStore('synced', { keyPath: 'uuid' });
      synced.createIndex('syncedAt', 'syncedAt');
      database.createObjectStore('meta', { keyPath: 'key' });
      database.createObjectStore('answers', { keyPath: 'seq' });
    },
  });
  return dbPromise;
}

/**
 * What a change asks of the tabs: 'work', a call to send (one queued, retried or unblocked): a tab's
 * replay starts; 'redraw', news about calls under way (sent, refused, failed again): the screens read
 * the outbox again and nothing more, so two tabs never set each other off retrying a failing call.
 */
export type OutboxChange = 'work' | 'redraw';

// Tabs of the origin tell each other when the outbox changed; each then reads it again.
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('comanda-outbox');
const listeners = new Set<(change: OutboxChange) => void>();
channel?.addEventListener('message', (event: MessageEvent<OutboxChange>) =>
  listeners.forEach((l) => l(event.data === 'work' ? 'work' : 'redraw')),
);
function changed(change: OutboxChange) {
  listeners.forEach((l) => l(change));
  channel?.postMessage(change);
}

/** Calls `listener` whenever this tab or another changes the outbox. */
export function onOutboxChange(listener: (change: OutboxChange) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let persistAsked = false;
/** Asks once for storage the browser will not evict under disk pressure. */
function askPersistence() {
  if (persistAsked) return;
  persistAsked = true;
  void navigator.storage?.persist?.().catch(() => undefined);
}

/** Writes a call to the outbox; it is durable once this resolves. */
export async function enqueue(entry: NewOutboxEntry): Promise<OutboxEntry> {
  askPersistence();
  const stored = {
    ...entry,
    createdAt: new Date().toISOString(),
    state: 'pending',
    error: null,
    attempts: 0,
    lastError: null,
  } as Omit<OutboxEntry, 'seq'>;
  const seq = await (await db()).add('outbox', stored as OutboxEntry);
  changed('work');
  return { ...stored, seq };
}

/** The tenant's queued calls in replay order, refused ones included. */
export async function listEntries(tenantId: number): Promise<OutboxEntry[]> {
  const rows = await (await db()).getAllFromIndex('outbox', 'tenant', tenantId);
  return rows.sort((a, b) => a.seq - b.seq);
}

export async function getEntry(seq: number): Promise<OutboxEntry | undefined> {
  return (await db()).get('outbox', seq);
}

/** Counts an attempt before a call is sent, so the list can say how often it was tried. */
export async function markAttempt(seq: number) {
  const database = await db();
  const tx = database.transaction('outbox', 'readwrite');
  const entry = await tx.store.get(seq);
  if (entry) await tx.store.put({ ...entry, attempts: entry.attempts + 1 });
  await tx.done;
}

/**
 * How a try that got no answer went: the server failed it (`message`: its reason, counted), or the
 * network did (null: the count starts again). Only failures of the server in a row make a call stuck.
 */
export async function noteFailure(seq: number, message: string | null) {
  const database = await db();
  const tx = database.transaction('outbox', 'readwrite');
  const entry = await tx.store.get(seq);
  if (entry)
    await tx.store.put({
      ...entry,
      lastError: message === null ? null : { message, count: (entry.lastError?.count ?? 0) + 1 },
    });
  await tx.done;
  changed('redraw');
}

/**
 * The server has the call: the entry leaves the outbox, and an order it created is remembered with
 * its id and real token, in the same transaction (a crash between the two would lose the token).
 */
export async function completeEntry(
  seq: number,
  created: Omit<SyncedOrder, 'syncedAt'> | null,
  answer: unknown,
) {
  const database = await db();
  const tx = database.transaction(['outbox', 'synced', 'answers'], 'readwrite');
  const at = new Date().toISOString();
  if (created) await tx.objectStore('synced').put({ ...created, syncedAt: at });
  await tx.objectStore('answers').put({ seq, answer, at });
  await tx.objectStore('outbox').delete(seq);
  await tx.done;
  changed('redraw');
}

/** The server refused the call: kept, with its answer, for the cashier to see. */
export async function refuseEntry(seq: number, error: NonNullable<OutboxEntry['error']>) {
  const database = await db();
  const tx = database.transaction('outbox', 'readwrite');
  const entry = await tx.store.get(seq);
  if (entry) await tx.store.put({ ...entry, state: 'refused', error });
  await tx.done;
  changed('redraw');
}

/** The cashier retries a refused call (after fixing what the server said), or dismisses it. */
export async function retryEntry(seq: number) {
  const database = await db();
  const tx = database.transaction('outbox', 'readwrite');
  const entry = await tx.store.get(seq);
  if (entry) await tx.store.put({ ...entry, state: 'pending', error: null, lastError: null });
  await tx.done;
  changed('work');
}

export async function dismissEntry(seq: number) {
  await (await db()).delete('outbox', seq);
  changed('work');
}

/** The server's answer to an entry that has left the outbox (kept an hour), if any. */
export async function getAnswer(seq: number) {
  return (await db()).get('answers', seq);
}

/** Forgets every kept answer (a session ends: they may hold what the last user's calls answered). */
export async function forgetAnswers() {
  if (typeof indexedDB === 'undefined') return;
  await (await db()).clear('answers');
}

/** The orders this device took that the server now has, by uuid. */
export async function syncedOrders(uuids: readonly string[]): Promise<Map<string, SyncedOrder>> {
  const database = await db();
  const found = await Promise.all(uuids.map((uuid) => database.get('synced', uuid)));
  return new Map(found.filter((s) => s !== undefined).map((s) => [s.uuid, s]));
}

/** Forgets synced orders older than a week, and answers older than an hour. */
export async function pruneSynced() {
  const database = await db();
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000).toISOString();
  const answers = database.transaction('answers', 'readwrite');
  for (const row of await answers.store.getAll()) if (row.at < hourAgo) await answers.store.delete(row.seq);
  await answers.done;
  const before = new Date(Date.now() - SYNCED_KEEP_MS).toISOString();
  let cursor = await database
    .transaction('synced', 'readwrite')
    .store.index('syncedAt')
    .openCursor(IDBKeyRange.upperBound(before));
  while (cursor) {
    await cursor.delete();
    cursor = await cursor.continue();
  }
}

/**
 * The next provisional token of this device today: "P1", "P2"... shown and printed until the server's
 * token replaces it. The P keeps it from being mistaken for a real token of the day.
 */
export async function nextProvisionalToken(): Promise<string> {
  const database = await db();
  const day = new Date().toDateString();
  const tx = database.transaction('meta', 'readwrite');
  const row = await tx.store.get('provisional');
  const value = row && row.day === day ? row.value + 1 : 1;
  await tx.store.put({ key: 'provisional', value, day });
  await tx.done;
  return `P${value}`;
}
