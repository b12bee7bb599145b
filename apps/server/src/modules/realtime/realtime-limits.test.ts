import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { io } from 'socket.io-client';
import { type TestApp, connectSocket, startTestApp } from '../../../test/harness.ts';
import { createQrStore, placeBody } from '../qrmenu/qrmenu.fixtures.ts';

// Issue 29 item 11: socket handshakes and follow_order lookups are budgeted per address like the HTTP
// order-status route. A low budget, and addresses told through X-Forwarded-For (each test its own).
const LIMIT = 5;
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ QR_STATUS_RATE_LIMIT: String(LIMIT), TRUST_PROXY: 'true' });
});
afterAll(() => app.close());

const from = (address: string) => ({ 'x-forwarded-for': address });

/** A diner's status token: a QR order placed (from an address of its own). */
async function statusToken(): Promise<string> {
  const s = await createQrStore(app);
  const res = await app
    .client()
    .post<{ statusToken: string }>(`/qrmenu/${s.code}/place-order`, placeBody(s), from('198.51.100.1'));
  expect(res.status).toBe(200);
  return res.body.statusToken;
}

/** A public socket's handshake from an address: connected, or the error it was refused with. */
function handshake(address: string) {
  const socket = io(app.url, {
    path: '/socket.io',
    transports: ['websocket'],
    extraHeaders: from(address),
    reconnection: false,
  });
  onTestFinished(() => void socket.close());
  return new Promise<{ connected: true } | { connected: false; message: string; data: unknown }>(
    (resolve) => {
      socket.once('connect', () => resolve({ connected: true }));
      socket.once('connect_error', (error: Error & { data?: unknown }) =>
        resolve({ connected: false, message: error.message, data: error.data }),
      );
    },
  );
}

describe('socket budgets per address (issue 29 item 11)', () => {
  it("spends follow_order from the address's order-status budget, which GET order-status shares", async () => {
    const token = await statusToken();
    const address = '203.0.113.10';
    const read = () => app.client().request('GET', `/qrmenu/order-status/${token}`, undefined, from(address));
    expect((await read()).status).toBe(200);
    expect((await read()).status).toBe(200);

    const { socket } = await connectSocket(app, undefined, from(address));
    const follow = () => socket.timeout(5000).emitWithAck('follow_order', { statusToken: token });
    // Two reads spent over HTTP leave three lookups to the socket; the fourth is refused, with why.
    for (let i = 0; i < LIMIT - 2; i++) expect(await follow()).toMatchObject({ state: 'received' });
    expect(await follow()).toEqual({
      code: 'too_many_attempts',
      message: 'Too many attempts! Please try again in a minute.',
      retryAfter: expect.any(Number) as unknown,
    });
    // And the HTTP route is out of budget too: one budget, however the token is asked about.
    expect(await read()).toMatchObject({ status: 429, body: { code: 'too_many_attempts' } });
    // Another address has its own.
    expect(
      (await app.client().request('GET', `/qrmenu/order-status/${token}`, undefined, from('203.0.113.11')))
        .status,
    ).toBe(200);
  });

  it('budgets public handshakes per address and refuses the one past it with a clear error; signed-in sockets are not counted', async () => {
    const address = '203.0.113.20';
    for (let i = 0; i < LIMIT; i++) expect(await handshake(address)).toEqual({ connected: true });
    expect(await handshake(address)).toEqual({
      connected: false,
      message: 'Too many requests! Please try again in a minute.',
      data: {
        code: 'too_many_requests',
        message: 'Too many requests! Please try again in a minute.',
        retryAfter: expect.any(Number) as unknown,
      },
    });
    // A signed-in screen behind the same address (the restaurant's Wi-Fi) still connects, to its room.
    const s = await createQrStore(app);
    await expect(connectSocket(app, s.owner.client, from(address))).resolves.toMatchObject({
      authenticated: true,
    });
    // Another address has its own budget.
    expect(await handshake('203.0.113.21')).toEqual({ connected: true });
  });
});
