// The server as `npm start` runs it: real processes. On PostgreSQL, two nodes of one database (issue
// 16): with realtime through PostgreSQL's LISTEN/NOTIFY, through Redis, and through Redis with every
// database connection through PgBouncer; on the embedded database, one node (it cannot have a second).
import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { Device, KitchenTickets } from '@comanda/core';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  TestClient,
  connectSocket,
  copyTemplateDatabase,
  next,
  uniqueUsername,
  viaPgbouncer,
} from '../test/harness.ts';
import { type Node, startBalancer, startNode } from '../test/nodes.ts';
import { type Pgbouncer, startPgbouncer } from '../test/pgbouncer.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const db = inject('db');
const REDIS_URL = 'redis://127.0.0.1:6379';

/** Whether a Redis answers PING at REDIS_URL (CI has one; a laptop may not). */
async function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(6379, '127.0.0.1');
    socket.setTimeout(1_000, () => socket.destroy());
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      resolve(d.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.once('close', () => resolve(false));
    socket.once('error', () => resolve(false));
  });
}

/** A business registered and signed in over HTTP on one node, as a browser would. */
async function signUp(node: Node) {
  const client = new TestClient(node.url);
  const username = uniqueUsername();
  const password = 'correct horse battery';
  const signup = await client.post('/auth/signup', {
    biz_name: 'Cafe Nodes',
    username,
    password,
    timezone: 'UTC',
  });
  expect(signup.status).toBe(200);
  // Sign-up signs the owner in (issue 31); these tests sign in where they choose, so that session ends.
  expect((await client.post('/auth/signout')).status).toBe(200);
  return { client: await signIn(node, username, password), username, password };
}

/** A new device signed in on a node. */
async function signIn(node: Node, username: string, password: string) {
  const client = new TestClient(node.url);
  expect((await client.post('/auth/signin', { username, password })).status).toBe(200);
  return client;
}

/** The same browser (its cookies) sent to another node by the load balancer. */
function at(node: Node, client: TestClient) {
  const moved = new TestClient(node.url, client.userAgent);
  for (const [k, v] of client.cookies) moved.cookies.set(k, v);
  return moved;
}

/** A menu item made over HTTP, and a POS order of it (the kitchen's `new_order`). */
async function addItem(client: TestClient) {
  const item = await client.post<{ id: number }>('/menu-items/add', { title: 'Soup', price: '4.50' });
  expect(item.status).toBe(200);
  return item.body.id;
}
function orderBody(itemId: number) {
  const uuid = crypto.randomUUID();
  return {
    uuid,
    cart: [{ uuid: crypto.randomUUID(), item_id: itemId, quantity: 1 }],
    deliveryType: 'dinein',
  };
}

/**
 * A POST whose body is still arriving `after` ms after the node read its headers: a request in flight.
 * `received`: the node has read them (it answered `Expect: 100-continue`), whatever the machine's speed.
 */
function slowPost(node: Node, path: string, cookies: string, payload: unknown, after: number) {
  const body = JSON.stringify(payload);
  let received = () => {};
  const read = new Promise<void>((resolve) => (received = resolve));
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: node.port,
        method: 'POST',
        path: `/api/v1${path}`,
        agent: false,
        headers: {
          'content-type': 'application/json',
          expect: '100-continue',
          'content-length': Buffer.byteLength(body),
          ...(cookies ? { cookie: cookies } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.on('continue', () => {
      received();
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), after);
    });
    req.flushHeaders();
  });
  return { answer, received: read };
}

/**
 * A stopping node's answer to a new connection: refused, or reset when it arrived just before the
 * listening socket closed (accepted by the kernel, never by the server).
 */
const REFUSED = ['ECONNREFUSED', 'ECONNRESET'];

/** What a new TCP connection to a node gets: an HTTP status, or the connection error's code. */
function newConnection(node: Node) {
  return new Promise<number | string>((resolve) => {
    http
      .get({ host: '127.0.0.1', port: node.port, path: '/api/v1/health', agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/**
 * A connection open with no request on it yet (a browser's preconnect, a proxy's warm pool): a stopping
 * node must close it, or Node counts it busy until its headers timeout and the node exits 1 after 10 s.
 * Answers, once connected, a promise of its close.
 */
async function idleConnection(node: Node) {
  const u = new URL(node.url);
  const idle = net.connect(Number(u.port), u.hostname);
  const closed = new Promise((resolve) => idle.once('close', resolve));
  await new Promise((resolve) => idle.once('connect', resolve));
  // In an object: an async function's promise answer would be awaited with it.
  return { closed };
}

/** SIGTERM; answers the exit code (null: not ended within 60 s, a hang). */
async function terminate(node: Node) {
  node.child.kill('SIGTERM');
  const exit = await Promise.race([node.exited, sleep(60_000).then(() => null)]);
  return exit && { code: exit.code };
}

if (db.kind === 'postgres') {
  const redis = await redisAnswers();
  if (!redis) console.warn(`No Redis answers at ${REDIS_URL}: the two-node runs with Redis are left out`);
  const setups = [
    { name: 'realtime through PostgreSQL', redis: false, pgbouncer: false },
    ...(redis
      ? [
          { name: 'realtime through Redis', redis: true, pgbouncer: false },
          // Migrations at start included: both nodes reach the database only through PgBouncer.
          {
            name: 'through PgBouncer (transaction pooling), realtime through Redis',
            redis: true,
            pgbouncer: true,
          },
        ]
      : []),
  ];

  describe.each(setups)('two nodes on one PostgreSQL database, $name', (setup) => {
    let a: Node;
    let b: Node;
    let pgbouncer: Pgbouncer | undefined;
    let databaseUrl: string;
    beforeAll(async () => {
      databaseUrl = await copyTemplateDatabase(db);
      pgbouncer = setup.pgbouncer ? await startPgbouncer(db.url, 2) : undefined;
      const env = {
        DATABASE_URL: pgbouncer ? viaPgbouncer(databaseUrl, pgbouncer.port) : databaseUrl,
        DATABASE_POOL_MODE: pgbouncer ? 'transaction' : '',
        REDIS_URL: setup.redis ? REDIS_URL : '',
      };
      // Started together: one migrates and provisions under the advisory locks, the other waits.
      [a, b] = await Promise.all([startNode(env), startNode(env)]);
    }, 300_000);
    afterAll(async () => {
      await Promise.all([a?.kill(), b?.kill()]);
      await pgbouncer?.close();
    });

    it('sends an order placed on node A to a kitchen screen connected to node B', async () => {
      const owner = await signUp(a);
      const itemId = await addItem(owner.client);
      const { socket, authenticated } = await connectSocket(b, at(b, owner.client));
      expect(authenticated).toBe(true);
      const arrived = next(socket, 'new_order');
      const order = await owner.client.post<{ orderId: number }>('/pos/create-order', orderBody(itemId));
      expect(order.status).toBe(200);
      await expect(arrived).resolves.toEqual({ orderId: order.body.orderId });
    }, 300_000);

    it('accepts on node B the session signed in on node A', async () => {
      const owner = await signUp(a);
      const me = await at(b, owner.client).get<{ user: { username: string } }>('/auth/me');
      expect(me.status).toBe(200);
      expect(me.body.user.username).toBe(owner.username);
    }, 300_000);

    it('a device removed on node A: node B refuses its next request and closes its socket', async () => {
      const owner = await signUp(a);
      const tablet = await signIn(a, owner.username, owner.password);
      const tabletOnB = at(b, tablet);
      expect((await tabletOnB.get('/auth/me')).status).toBe(200);
      const { socket } = await connectSocket(b, tabletOnB);
      const revoked = next(socket, 'session_revoked');
      const closed = next(socket, 'disconnect');
      const devices = (await owner.client.get<Device[]>('/auth/devices')).body;
      const tabletDevice = devices.find((d) => !d.isMyDevice);
      expect(devices).toHaveLength(2);
      expect(
        (await owner.client.post('/auth/remove-device', { device_id: tabletDevice?.device_id })).status,
      ).toBe(200);
      expect((await tabletOnB.get('/auth/me')).status).toBe(401);
      await expect(revoked).resolves.toBeDefined();
      await expect(closed).resolves.toBe('io server disconnect');
      // The owner's own device is untouched on either node.
      expect((await at(b, owner.client).get('/auth/me')).status).toBe(200);
    }, 300_000);

    it('keeps serving when PostgreSQL closes its connections (a restart, an operator ending sessions)', async () => {
      const owner = await signUp(a);
      const itemId = await addItem(owner.client);
      expect((await at(b, owner.client).get('/auth/me')).status).toBe(200);
      // Every connection the nodes hold on this database, idle ones and LISTEN included.
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      const { rows } = await admin.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
      await admin.end();
      expect(rows.length).toBeGreaterThan(0);
      await sleep(500);
      expect([a.child.exitCode, b.child.exitCode]).toEqual([null, null]);
      // The next requests open new connections, on either node.
      expect((await owner.client.get('/auth/me')).status).toBe(200);
      expect((await at(b, owner.client).get('/auth/me')).status).toBe(200);
      const order = await owner.client.post<{ orderId: number }>('/pos/create-order', orderBody(itemId));
      expect(order.status).toBe(200);
      // And realtime between the nodes comes back: the adapter listens again within seconds (through
      // PostgreSQL it waits 1 to 3 s before it reconnects), so send orders until one reaches B.
      const { socket } = await connectSocket(b, at(b, owner.client));
      let reached = false;
      for (const deadline = Date.now() + 60_000; !reached && Date.now() < deadline;) {
        const arrived = next(socket, 'new_order');
        const placed = await owner.client.post<{ orderId: number }>('/pos/create-order', orderBody(itemId));
        expect(placed.status).toBe(200);
        reached = await Promise.race([arrived.then(() => true), sleep(1_000).then(() => false)]);
      }
      socket.close();
      expect(reached).toBe(true);
    }, 300_000);

    // Last: it stops node A.
    it('stopping node A (SIGTERM) finishes its request in flight and sends its sockets to node B', async () => {
      const owner = await signUp(a);
      const itemId = await addItem(owner.client);
      // A kitchen screen that reaches A through the load balancer, which sends its reconnection to B.
      const balancer = await startBalancer([a, b]);
      const kitchen: Socket = io(balancer.url, {
        path: '/socket.io',
        transports: ['websocket'],
        extraHeaders: { cookie: owner.client.cookieHeader() },
        reconnectionDelay: 100,
      });
      try {
        await new Promise((resolve, reject) => {
          kitchen.once('connect', () => resolve(undefined));
          kitchen.once('connect_error', reject);
        });
        const notice = next(kitchen, 'server_shutdown');
        const disconnected = next(kitchen, 'disconnect');
        const reconnected = new Promise((resolve) => kitchen.io.once('reconnect', resolve));

        const inFlight = slowPost(
          a,
          '/pos/create-order',
          owner.client.cookieHeader(),
          orderBody(itemId),
          1_000,
        );
        await inFlight.received;
        const idle = await idleConnection(a);
        const stopped = terminate(a);

        await expect(notice).resolves.toBeDefined();
        // A transport close, not "io server disconnect": socket.io-client reconnects by itself.
        await expect(disconnected).resolves.toBe('transport close');
        expect(REFUSED).toContain(await newConnection(a));
        await idle.closed;

        const answer = await inFlight.answer;
        expect(answer.status, answer.body).toBe(200);
        const { orderId } = JSON.parse(answer.body) as { orderId: number };
        // Committed: the kitchen read through B has it.
        const kitchenOnB = await at(b, owner.client).get<KitchenTickets>('/kitchen');
        expect(kitchenOnB.body.orders.map((o) => o.id)).toEqual([orderId]);

        const exit = await stopped;
        expect(exit, a.output()).not.toBeNull();
        // 0: it stopped within its own 10 s grace (past it, the node exits 1), whatever the machine's speed.
        expect(exit?.code, a.output()).toBe(0);

        // Reconnected to B by itself, with the same cookies: B's events reach it.
        await reconnected;
        const arrived = next(kitchen, 'new_order');
        const order = await at(b, owner.client).post<{ orderId: number }>(
          '/pos/create-order',
          orderBody(itemId),
        );
        expect(order.status).toBe(200);
        await expect(arrived).resolves.toEqual({ orderId: order.body.orderId });
      } finally {
        kitchen.close();
        await balancer.close();
      }
    }, 300_000);
  });
} else {
  describe('stopping the node (SIGTERM) on the embedded database', () => {
    let node: Node | undefined;
    afterAll(() => node?.kill());

    it('finishes the request in flight, closes idle connections, sends sockets to reconnect, refuses new connections, and exits 0 within 10 s', async () => {
      node = await startNode();
      const s = node;
      const socket = io(s.url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
      await new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(undefined));
        socket.once('connect_error', reject);
      });
      const notice = next(socket, 'server_shutdown');
      const disconnected = next(socket, 'disconnect');
      // A sign-in whose body is still arriving when the signal comes.
      const answer = slowPost(
        s,
        '/auth/signin',
        '',
        { username: 'nobody@cafe.test', password: 'not the password' },
        1_000,
      );
      await answer.received;
      const idle = await idleConnection(s);
      const stopped = terminate(s);

      await expect(notice).resolves.toBeDefined();
      await expect(disconnected).resolves.toBe('transport close');
      expect(REFUSED).toContain(await newConnection(s));
      await idle.closed;
      expect(await answer.answer).toEqual({
        status: 401,
        body: JSON.stringify({ message: 'Invalid username or password!', code: 'invalid_credentials' }),
      });
      const exit = await stopped;
      expect(exit, s.output()).not.toBeNull();
      // 0: it stopped within its own 10 s grace (past it, the node exits 1), whatever the machine's speed.
      expect(exit?.code, s.output()).toBe(0);
      socket.close();
    }, 300_000);
  });
}
