import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { type OutboxEntry, listEntries, onOutboxChange } from './outbox.ts';
import { registerServiceWorker } from './service-worker.ts';
import { kickSync, serverReachable, startSyncing } from './sync.ts';

export interface OfflineState {
  tenantId: number;
  /** The outbox has been read (until then it looks empty). */
  loaded: boolean;
  /** The tenant's queued calls, in replay order; refused ones included. */
  entries: OutboxEntry[];
  pending: number;
  refused: number;
  /** The browser has a network and the server answered the last call. */
  online: boolean;
  /** Replays now (a reconnected socket, the badge's "Sync now"). */
  kick: () => void;
}

const OfflineContext = createContext<OfflineState | null>(null);

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  const off = serverReachable.subscribe(listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
    off();
  };
}
const onlineNow = () => navigator.onLine && serverReachable.get();

/**
 * The signed-in layout's offline state (issue 14): registers the service worker, keeps the outbox
 * replaying, and hands the screens and the header's badge the queue and the connection.
 */
export function OfflineProvider({ tenantId, children }: { tenantId: number; children: ReactNode }) {
  // null until the outbox has been read once.
  const [entries, setEntries] = useState<OutboxEntry[] | null>(null);
  const online = useSyncExternalStore(subscribeOnline, onlineNow);

  useEffect(registerServiceWorker, []);
  // A new build's worker replaced the cached chunks while this tab still ran the old build: a screen
  // not yet opened fails to load. Reload into the new build, unless calls still wait on this device.
  useEffect(() => {
    const reload = (event: Event) => {
      if ((entries?.length ?? 0) > 0) return;
      event.preventDefault();
      window.location.reload();
    };
    window.addEventListener('vite:preloadError', reload);
    return () => window.removeEventListener('vite:preloadError', reload);
  }, [entries]);
  useEffect(() => {
    let live = true;
    const read = () =>
      void listEntries(tenantId).then(
        (rows) => live && setEntries(rows),
        (error: unknown) => console.error('outbox unreadable', error),
      );
    const off = onOutboxChange(read);
    read();
    const stopSyncing = startSyncing(tenantId);
    return () => {
      live = false;
      off();
      stopSyncing();
    };
  }, [tenantId]);

  // Closing or reloading the tab while calls wait asks first (they survive, but nothing replays them
  // until the app is open again).
  const held = entries?.length ?? 0;
  useEffect(() => {
    if (held === 0) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers (and Safari) ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [held]);

  const value = useMemo<OfflineState>(
    () => ({
      tenantId,
      loaded: entries !== null,
      entries: entries ?? [],
      pending: entries?.filter((e) => e.state === 'pending').length ?? 0,
      refused: entries?.filter((e) => e.state === 'refused').length ?? 0,
      online,
      kick: () => kickSync(tenantId),
    }),
    [tenantId, entries, online],
  );
  return <OfflineContext.Provider value={value}>{children}</OfflineContext.Provider>;
}

/** The offline state of the signed-in layout. */
export function useOffline(): OfflineState {
  const state = useContext(OfflineContext);
  if (!state) throw new Error('useOffline outside OfflineProvider');
  return state;
}
