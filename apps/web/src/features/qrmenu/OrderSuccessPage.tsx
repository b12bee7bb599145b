import type { DINER_SOCKET_EVENTS, DinerOrderState, DinerOrderStatus } from '@comanda/core';
import { useEffect, useState } from 'react';
import { io } from 'socket.io-client';
import { paths } from '../../lib/paths.ts';
import { DinerApiError, fetchOrderStatus } from './api.ts';
import { Outcome, Waiting } from './components/Outcome.tsx';
import { Link } from './navigation.ts';
import { t } from './texts.ts';
import styles from './qrmenu.module.css';

// Core's event names, spelled here so this page does not import the module of zod schemas that
// defines them; the type says they are the same.
const EVENTS: typeof DINER_SOCKET_EVENTS = { follow: 'follow_order', status: 'order_status' };
const STEPS = ['received', 'preparing', 'ready', 'served'] as const satisfies readonly DinerOrderState[];

type Followed = { status: 'loading' } | { status: 'unknown' } | { status: 'ready'; order: DinerOrderStatus };
/** What `follow_order` acknowledges: the order's status, or why not (`retryAfter` when over budget). */
type FollowAnswer = DinerOrderStatus | { code: string; message: string; retryAfter?: number };

/**
 * Follows one order by its status token: the current state from GET order-status, then every change
 * from the order's socket room. A phone back from the lock screen (a socket that slept, events missed)
 * or a reconnect asks again, so the page never shows an old state for long.
 */
function useOrderStatus(statusToken: string): Followed {
  const [followed, setFollowed] = useState<Followed>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    // The GET and the socket race: an answer older than the one shown (by updatedAt) is dropped.
    const show = (order: DinerOrderStatus) => {
      if (!live) return;
      setFollowed((shown) =>
        shown.status === 'ready' && Date.parse(shown.order.updatedAt) > Date.parse(order.updatedAt)
          ? shown
          : { status: 'ready', order },
      );
    };
    const refetch = () =>
      fetchOrderStatus(statusToken).then(show, (error: unknown) => {
        if (live && error instanceof DinerApiError && error.status === 404)
          setFollowed({ status: 'unknown' });
      });
    void refetch();

    const socket = io({
      path: '/socket.io',
      transports: ['websocket', 'polling'],
      // A public room: no session cookie goes with it.
      withCredentials: false,
      timeout: 20_000,
      reconnection: true,
      reconnectionAttempts: Infinity,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
      randomizationFactor: 0.5,
    });
    // The address's budget spent (many diners on one Wi-Fi, issue 29 item 11): the server refuses a
    // handshake or a follow and says how long to wait; socket.io does not retry a refused handshake
    // by itself, so the page connects again once the wait is over. The GET's state stays on show.
    let retry: ReturnType<typeof setTimeout> | undefined;
    const reconnectLater = (seconds: unknown) => {
      clearTimeout(retry);
      const wait = typeof seconds === 'number' && seconds > 0 ? seconds : 60;
      retry = setTimeout(() => {
        socket.disconnect();
        socket.connect();
      }, wait * 1000);
    };
    // On every (re)connection: the server answers with the current status, then sends each change.
    const follow = () =>
      socket.emit(EVENTS.follow, { statusToken }, (answer: FollowAnswer) => {
        if ('state' in answer) show(answer);
        else if (answer.code === 'too_many_attempts') reconnectLater(answer.retryAfter);
      });
    socket.on('connect', follow);
    socket.on('connect_error', (error: Error & { data?: { retryAfter?: unknown } }) => {
      // `active`: a transport error, which socket.io retries itself; otherwise the server refused.
      if (!socket.active) reconnectLater(error.data?.retryAfter);
    });
    socket.on(EVENTS.status, (order: DinerOrderStatus) => show(order));
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      void refetch();
      if (socket.connected) follow();
      else socket.connect();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      clearTimeout(retry);
      document.removeEventListener('visibilitychange', onVisible);
      socket.off();
      socket.disconnect();
    };
  }, [statusToken]);
  return followed;
}

/** /m/order-success?order={statusToken} (SPEC §2; issue 11): the order's token and its live state. */
export function OrderSuccessPage({ statusToken }: { statusToken: string | null }) {
  if (!statusToken) return <Outcome title={t('success.title')} text={t('success.unknown')} />;
  return <OrderStatus statusToken={statusToken} />;
}

function OrderStatus({ statusToken }: { statusToken: string }) {
  const followed = useOrderStatus(statusToken);
  useEffect(() => {
    document.title = t('success.title');
  }, []);
  if (followed.status === 'loading') return <Waiting />;
  if (followed.status === 'unknown')
    return <Outcome title={t('success.title')} text={t('success.unknown')} />;
  const { order } = followed;
  const at = STEPS.indexOf(order.state as (typeof STEPS)[number]);
  return (
    <main className={styles.page}>
      <div className={styles.outcome} data-testid="order-status" data-state={order.state}>
        <h1>{t('success.title')}</h1>
        <p>{order.storeName}</p>
        {order.tokenNo !== null ? (
          <p className={styles.token} data-testid="order-token">
            <span>
              <small>{t('success.tokenLabel')}</small>
              {order.tokenNo}
            </span>
          </p>
        ) : (
          <p className={styles.meta}>{t('success.tokenPending')}</p>
        )}
        {/* Read out when it changes: a diner with a screen reader hears 'Preparing', then 'Ready'. */}
        <div role="status" aria-live="polite" aria-atomic="true">
          <p className={`${styles.stateText} ${order.state === 'cancelled' ? styles.cancelled : ''}`}>
            {t(`state.${order.state}.text`)}
          </p>
        </div>
        {order.state !== 'cancelled' && (
          <ol className={styles.steps} aria-label={t('steps')}>
            {STEPS.map((step, i) => (
              <li
                key={step}
                className={`${styles.step} ${i < at ? styles.stepDone : ''}`}
                aria-current={i === at ? 'step' : undefined}
              >
                {t(`state.${step}`)}
              </li>
            ))}
          </ol>
        )}
        <p className={styles.hint}>{t('success.live')}</p>
        <Link to={paths.qrMenu.menu.to(order.qrcode)} className={styles.buttonOutline}>
          {t('success.backToMenu')}
        </Link>
      </div>
    </main>
  );
}
