import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyServerOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { APP_VERSION, type TenantEvent } from '@comanda/core';
import { type RouteAccess, authPlugin } from './platform/auth.ts';
import type { Config } from './platform/config.ts';
import type { AppContext } from './platform/context.ts';
import type { Database } from './platform/db/client.ts';
import { fail, loggableError, registerErrorHandler } from './platform/errors.ts';
import { containsNul, originAllowed, sameOriginPolicy } from './platform/http.ts';
import { createEventHub } from './platform/events.ts';
import { imagesRoutes } from './platform/images/images.routes.ts';
import { createImagesService } from './platform/images/images.service.ts';
import { logRequest } from './platform/log-redaction.ts';
import { createMailer } from './platform/mail.ts';
import { createPasswordHasher } from './platform/passwords.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { addressBudget, rateLimitStore, requirePublicLimit } from './platform/rate-limits.ts';
import { createAccessTokens } from './platform/session-tokens.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { devicesRoutes } from './modules/devices/devices.routes.ts';
import { createDevicesService } from './modules/devices/devices.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { storeDevicesRoutes } from './modules/store-devices/store-devices.routes.ts';
import { createStoreDevicesService } from './modules/store-devices/store-devices.service.ts';
import { createProfileService } from './modules/profile/profile.service.ts';
import { startRealtime } from './modules/realtime/realtime.ts';
import { menuRoutes } from './modules/menu/menu.routes.ts';
import { createMenuService } from './modules/menu/menu.service.ts';
import { storeRoutes } from './modules/store/store.routes.ts';
import { createStoreService } from './modules/store/store.service.ts';
import { tablesRoutes } from './modules/tables/tables.routes.ts';
import { createTablesService } from './modules/tables/tables.service.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { createCatalogueService } from './modules/catalogue/catalogue.service.ts';
import { customersRoutes } from './modules/customers/customers.routes.ts';
import { kitchenRoutes } from './modules/kitchen/kitchen.routes.ts';
import { createKitchenService } from './modules/kitchen/kitchen.service.ts';
import { shiftsRoutes } from './modules/shifts/shifts.routes.ts';
import { createShiftsService } from './modules/shifts/shifts.service.ts';
import { timeclockRoutes } from './modules/timeclock/timeclock.routes.ts';
import { createTimeclockService } from './modules/timeclock/timeclock.service.ts';
import { qrMenuRoutes } from './modules/qrmenu/qrmenu.routes.ts';
import { createQrMenuService } from './modules/qrmenu/qrmenu.service.ts';
import { qrOrdersRoutes } from './modules/qrorders/qrorders.routes.ts';
import { createQrOrdersService } from './modules/qrorders/qrorders.service.ts';
import { movesRoutes } from './modules/moves/moves.routes.ts';
import { floorPlanRoutes } from './modules/floor-plan/floor-plan.routes.ts';
import { createFloorPlanService } from './modules/floor-plan/floor-plan.service.ts';
import { createMovesService } from './modules/moves/moves.service.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { createTableOrdersService } from './modules/orders/table-orders.service.ts';
import { billsRoutes } from './modules/bills/bills.routes.ts';
import { createBillsService } from './modules/bills/bills.service.ts';
import { discountsRoutes } from './modules/discounts/discounts.routes.ts';
import { createApprovalsService } from './modules/discounts/approvals.service.ts';
import { createDiscountsService } from './modules/discounts/discounts.service.ts';
import { invoicesRoutes } from './modules/invoices/invoices.routes.ts';
import { createInvoicesService } from './modules/invoices/invoices.service.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { createCustomersService } from './modules/customers/customers.service.ts';
import { reservationsRoutes } from './modules/reservations/reservations.routes.ts';
import { createReservationsService } from './modules/reservations/reservations.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { superadminRoutes } from './modules/superadmin/superadmin.routes.ts';
import { createSuperadminService } from './modules/superadmin/superadmin.service.ts';
import { createBillingProvider } from './modules/billing/billing.provider.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { createBillingService } from './modules/billing/billing.service.ts';
import { tenantsRoutes } from './modules/tenants/tenants.routes.ts';
import { createTenantsService } from './modules/tenants/tenants.service.ts';
import { exchangeRatesFile } from './modules/platform-reports/exchange-rates.ts';
import { platformReportsRoutes } from './modules/platform-reports/platform-reports.routes.ts';
import { ticketsRoutes } from './modules/tickets/tickets.routes.ts';
import { createTicketsService } from './modules/tickets/tickets.service.ts';
import { voidsRoutes } from './modules/voids/voids.routes.ts';
import { createVoidsService } from './modules/voids/voids.service.ts';
import { refundsRoutes } from './modules/refunds/refunds.routes.ts';
import { createRefundsService } from './modules/refunds/refunds.service.ts';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes.ts';
import { setupRoutes } from './modules/setup/setup.routes.ts';
import { createSetupService } from './modules/setup/setup.service.ts';
import { createAuditLogService } from './modules/audit-log/audit-log.service.ts';
import { createPlatformReportsService } from './modules/platform-reports/platform-reports.service.ts';

// JSON bodies are small forms; 1 MB of JSON is an attack, not an order. Uploads get their own limit.
const BODY_LIMIT = 256 * 1024;

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Directory of the built web app to serve; omitted in API-only tests. */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
  /** The clock (tests); the system clock otherwise. */
  now?: () => Date;
  /** How often an open socket reads its session again (tests); realtime.ts SESSION_RECHECK_MS otherwise. */
  sessionRecheckMs?: number;
}

/** Builds the whole application: API under /api/v1, realtime on the same server, and the web app. */
/** An API route as registered: its method, its path with /api/v1 and its access rule. */
export interface ApiRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

export async function buildApp(opts: BuildOptions) {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? {
      level: config.logLevel,
      serializers: { req: logRequest },
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  database.onConnectionError((error) =>
    app.log.warn(
      { error: loggableError(error) },
      'the database closed a connection; the next query opens a new one',
    ),
  );
  const events = createEventHub();
  // Filled in below, once the context exists: the QR menu tells diners of committed changes.
  let afterCommit: (tenantId: number, list: TenantEvent[]) => unknown = () => undefined;
  database.publishTo((tenantId, list) => {
    events.toTenant(tenantId, list);
    afterCommit(tenantId, list);
  });
  const ctx: AppContext = {
    config,
    database,
    tokens: createAccessTokens(database.accessTokenKey),
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    }),
    passwords: createPasswordHasher({
      concurrency: config.passwordHashConcurrency,
      queue: config.passwordHashQueue,
    }),
    events,
    log: app.log,
    now: opts.now ?? (() => new Date()),
  };
  const auth = createAuthService(ctx);
  const qrMenu = createQrMenuService(ctx);
  // One budget per address for a diner's order-status lookups, over HTTP and over the socket alike.
  const statusBudget = addressBudget(database, {
    max: config.qrStatusRateLimit,
    scope: 'qrstatus',
    code: 'too_many_attempts',
  });
  afterCommit = (tenantId, list) => qrMenu.afterCommit(tenantId, list);
  const superadmin = createSuperadminService(ctx);
  await superadmin.ensureFromConfig();
  // Read now, so a missing or invalid rates file stops the start (docs/superadmin-reports.md).
  const platformReports = createPlatformReportsService(
    ctx,
    exchangeRatesFile(config.exchangeRatesFile, app.log),
  );

  // Cookies are SameSite=Lax; this refuses a cross-site form or script posting with them all the same.
  // The allowed origin is PUBLIC_URL's, never the Host header: a DNS-rebinding page sends its own name
  // in both Host and Origin.
  const policy = sameOriginPolicy(config.publicUrl);
  // Registered before the auth hook: a cross-site request is refused before anything reads its cookies.
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    if (!originAllowed(policy, request.headers)) throw fail('cross_site');
  });

  await app.register(fastifyCookie);
  // Counters shared by every node on PostgreSQL; in memory on the embedded database (one process).
  await app.register(fastifyRateLimit, { global: false, store: rateLimitStore(database) });
  await app.register(authPlugin, {
    tokens: ctx.tokens,
    sessions: {
      tenant: (tenantId, userId, deviceId) => auth.loadSession(tenantId, userId, deviceId),
      superadmin: (superadminId, deviceId) => superadmin.loadSession(superadminId, deviceId),
    },
  });

  // A body-less POST is an empty form: let each field answer its own "Please provide ..." message.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
    // PostgreSQL text cannot hold NUL: refuse it here, for every route, rather than as a 500 later.
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params))
      throw fail('nul_text');
  });

  await registerSecurityHeaders(app, policy.origin);

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Comanda API', version: APP_VERSION }, servers: [{ url: '/api/v1' }] },
    transform: jsonSchemaTransform,
  });
  // API_DOCS (docs/configuration.md): without it /api/docs is an ordinary 404.
  if (config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // Every API route says who may call it (platform/auth.ts RouteAccess, there is no default), and a
  // public one how often (platform/rate-limits.ts): one that does not stops the app at start. The list
  // is what the authorization walk (route-access.test.ts) calls, so a new route is covered without
  // editing the test.
  const routes: ApiRoute[] = [];
  await app.register(
    async (api) => {
      api.addHook('onRoute', (route) => {
        const access = route.config?.access;
        if (!access) throw new Error(`${String(route.method)} ${route.url} declares no access`);
        if ('public' in access) requirePublicLimit(route);
        for (const method of [route.method].flat())
          if (method !== 'HEAD') routes.push({ method, url: route.url, access });
      });
      // The screens' JSON (QR menu, POS start, kitchen: 30-90 KB) shrinks to a few KB. API answers only:
      // the web app's files come precompressed from the build and socket.io never reaches Fastify.
      // Compressible types only (JSON, CSV: not photos, not event streams), from 1 KB up, where it pays.
      // Brotli at quality 4: its default 11 took 60x the CPU here (53 ms, not 0.9, for 58 KB) for 14% fewer bytes.
      await api.register(fastifyCompress, {
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
        zlibOptions: { level: 6 },
        threshold: 1024,
        // Our clients never send compressed bodies: no reason to open that way in (decompression bombs).
        globalDecompression: false,
      });
      const typed = api.withTypeProvider<ZodTypeProvider>();
      healthRoutes(typed, { database });
      authRoutes(typed, { auth, config });
      devicesRoutes(typed, { devices: createDevicesService(ctx) });
      profileRoutes(typed, { profile: createProfileService(ctx) });
      storeDevicesRoutes(typed, { storeDevices: createStoreDevicesService(ctx, { auth }), config });
      usersRoutes(typed, { users: createUsersService(ctx) });
      storeRoutes(typed, { store: createStoreService(ctx) });
      tablesRoutes(typed, { tables: createTablesService(ctx) });
      catalogueRoutes(typed, { catalogue: createCatalogueService(ctx) });
      menuRoutes(typed, { menu: createMenuService(ctx) });
      customersRoutes(typed, { customers: createCustomersService(ctx) });
      reservationsRoutes(typed, { reservations: createReservationsService(ctx) });
      ordersRoutes(typed, { orders: createOrdersService(ctx), tableOrders: createTableOrdersService(ctx) });
      movesRoutes(typed, { moves: createMovesService(ctx) });
      floorPlanRoutes(typed, { floorPlan: createFloorPlanService(ctx) });
      billsRoutes(typed, createBillsService(ctx));
      discountsRoutes(typed, {
        discounts: createDiscountsService(ctx),
        approvals: createApprovalsService(ctx),
      });
      invoicesRoutes(typed, { invoices: createInvoicesService(ctx) });
      voidsRoutes(typed, { voids: createVoidsService(ctx) });
      ticketsRoutes(typed, { tickets: createTicketsService(ctx) });
      refundsRoutes(typed, { refunds: createRefundsService(ctx) });
      auditLogRoutes(typed, { auditLog: createAuditLogService(ctx) });
      setupRoutes(typed, { setup: createSetupService(ctx) });
      reportsRoutes(typed, { reports: createReportsService(ctx) });
      kitchenRoutes(typed, { kitchen: createKitchenService(ctx) });
      shiftsRoutes(typed, { shifts: createShiftsService(ctx) });
      timeclockRoutes(typed, { timeclock: createTimeclockService(ctx) });
      qrOrdersRoutes(typed, { qrOrders: createQrOrdersService(ctx) });
      qrMenuRoutes(typed, { qrMenu, config, statusBudget });
      imagesRoutes(typed, { images: createImagesService(ctx), config });
      superadminRoutes(typed, { superadmin, config });
      const billing = createBillingService(ctx, createBillingProvider(config, app.log));
      billingRoutes(typed, { billing, config });
      tenantsRoutes(typed, { tenants: createTenantsService(ctx, { auth, billing }) });
      platformReportsRoutes(typed, { platformReports });
    },
    { prefix: '/api/v1' },
  );

  const webDist =
    opts.webDist && fs.existsSync(path.join(opts.webDist, 'index.html')) ? opts.webDist : undefined;
  if (webDist) {
    const common = {
      wildcard: false,
      index: false,
      // `npm run build` writes a .br and a .gz beside each text asset; the best one the browser accepts
      // is sent with Content-Encoding, so nothing is compressed per request.
      preCompressed: true,
      // @fastify/static's own Cache-Control (max-age=0 by default) is written after setHeaders and would
      // replace ours, so it is off and setHeaders decides alone.
      cacheControl: false,
      // Source maps are for development (Vite's dev server); a build that made some does not publish them.
      allowedPath: (pathname: string) => !pathname.endsWith('.map'),
    } satisfies FastifyStaticOptions;
    // The same URL answers brotli, gzip or plain bytes depending on Accept-Encoding.
    const vary = (res: { setHeader(name: string, value: string): unknown }) =>
      res.setHeader('vary', 'accept-encoding');
    // Vite names assets by content hash: cached for good and never asked about again, so validators
    // (ETag, Last-Modified) would only add bytes to each of the page's many responses.
    await app.register(fastifyStatic, {
      ...common,
      root: path.join(webDist, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      etag: false,
      lastModified: false,
      setHeaders: (res) => {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        vary(res);
      },
    });
    // Everything else (index.html, the favicon) may change under the same name: revalidated on each use.
    await app.register(fastifyStatic, {
      ...common,
      root: webDist,
      globIgnore: ['assets/**'],
      setHeaders: (res) => {
        res.setHeader('cache-control', 'no-cache');
        vary(res);
      },
    });
  }
  // The single-page app answers every other GET for a page; unknown API paths stay JSON 404s, and so
  // does a missing asset (an old chunk after a deploy must fail as a script error, not load as HTML).
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/socket.io') &&
      !request.url.startsWith('/assets/');
    if (!webDist || !isPage) return reply.status(404).send(fail('not_found').body);
    // The diners' pages have their own lean entry (apps/web/m.html): none of the back office loads.
    const page = /^\/m(\/|\?|$)/.test(request.url) ? 'm.html' : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  });

  const realtime = await startRealtime(app.server, ctx, auth, qrMenu, statusBudget, opts.sessionRecheckMs);
  events.attach(realtime.events);
  // A connection with no request on it yet (a browser's preconnect, a proxy's warm pool) is busy to
  // Node until its headers timeout, a minute: a stopping node would wait for it. Such connections are
  // closed when the node stops, and any that opens meanwhile at once; a client retries elsewhere.
  const unused = new Set<Socket>();
  let stopping = false;
  app.server.on('connection', (socket: Socket) => {
    if (stopping) return socket.destroy();
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  const used = (request: IncomingMessage) => unused.delete(request.socket);
  app.server.on('request', used);
  app.server.on('upgrade', used);
  // Sockets first: an open socket would keep the HTTP server, and so the process, from closing.
  app.addHook('preClose', async () => {
    realtime.drain();
    stopping = true;
    for (const socket of unused) socket.destroy();
  });
  app.addHook('onClose', async () => {
    await realtime.close();
  });

  return { app, ctx, realtime, auth, routes };
}
