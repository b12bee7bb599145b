import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';

/** Order-to-kitchen latency: from sending POST /pos/create-order to the kitchen socket's `new_order`. */
export interface KitchenLatency {
  orders: number;
  perSecond: number;
  /** ms from sending the request to the socket event, over every order. */
  eventMs: { p50: number; p95: number; p99: number; max: number };
  /** ms from sending the request to its HTTP answer, for comparison. */
  answerMs: { p50: number; p99: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number) {
  const v = sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return Math.round(v * 10) / 10;
}

/**
 * A socket.io client signed in as the tenant (its cookie) listens for `new_order`; `orders` orders are
 * sent at a steady `perSecond` (each on schedule, not waiting for the previous answer). Any order that
 * is not answered 200 or whose event does not arrive within 5 s fails the run.
 */
export async function kitchenLatency(
  origin: string,
  cookie: string,
  body: () => unknown,
  orders: number,
  perSecond: number,
): Promise<KitchenLatency> {
  const socket = io(origin, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
  });
  const heard = new Map<number, number>();
  socket.on('new_order', (payload: { orderId: number }) => heard.set(payload.orderId, performance.now()));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('the kitchen socket was not admitted within 10 s')),
        10_000,
      );
      socket.once('authenticated', () => {
        clearTimeout(timer);
        resolve();
      });
      socket.once('connect_error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
    });

    const sent = new Map<number, { at: number; answeredAfter: number }>();
    const start = performance.now();
    const requests = Array.from({ length: orders }, async (_, i) => {
      const due = start + (i * 1000) / perSecond;
      await sleep(Math.max(0, due - performance.now()));
      const at = performance.now();
      const res = await fetch(`${origin}/api/v1/pos/create-order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body()),
        signal: AbortSignal.timeout(30_000),
      }).catch((error: unknown) => {
        throw new Error(
          `order ${i + 1} had no answer within 30 s (${String(error)}): the server takes fewer than ${perSecond} orders a second here; lower BENCH_KITCHEN_RATE`,
        );
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`create-order answered ${res.status}: ${text}`);
      const { orderId } = JSON.parse(text) as { orderId: number };
      sent.set(orderId, { at, answeredAfter: performance.now() - at });
    });
    await Promise.all(requests);
    const deadline = performance.now() + 5_000;
    while ([...sent.keys()].some((id) => !heard.has(id)) && performance.now() < deadline) await sleep(20);
    const missing = [...sent.keys()].filter((id) => !heard.has(id));
    if (missing.length)
      throw new Error(`${missing.length} of ${orders} orders never reached the kitchen socket`);

    const events = [...sent].map(([id, s]) => (heard.get(id) ?? 0) - s.at).sort((a, b) => a - b);
    const answers = [...sent.values()].map((s) => s.answeredAfter).sort((a, b) => a - b);
    return {
      orders,
      perSecond,
      eventMs: {
        p50: percentile(events, 50),
        p95: percentile(events, 95),
        p99: percentile(events, 99),
        max: percentile(events, 100),
      },
      answerMs: { p50: percentile(answers, 50), p99: percentile(answers, 99) },
    };
  } finally {
    socket.close();
  }
}
