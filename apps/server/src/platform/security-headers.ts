import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';

/**
 * What a hashed asset (apps/web/dist/assets) leaves out: it is a script, style, font or image, never a
 * document, so CSP, framing, COOP and the like mean nothing on it, yet cost ~900 bytes on each of a
 * page's many answers. It keeps what applies to any resource: nosniff, CORP and (on https) HSTS.
 */
const ASSET_HEADERS = {
  contentSecurityPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
} as const;

/** Security headers on every answer (helmet): the full set on pages and the API, the lean one on assets. */
export async function registerSecurityHeaders(app: FastifyInstance, origin: string) {
  const https = origin.startsWith('https://');
  const wsOrigin = origin.replace(/^http/, 'ws');
  // Added before helmet: its own onRoute hook is what reads a route's `helmet` option.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/assets/')) route.helmet = ASSET_HEADERS;
  });
  await app.register(fastifyHelmet, {
    // The web app's contract (docs/configuration.md, "Security headers"): scripts only from this origin;
    // inline styles because Mantine writes them; images also as data: and blob: (photo previews).
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", wsOrigin],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS on plain http would be ignored at best and pin a development host at worst.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Menu photos are embedded by the diner's page only; nothing here is meant for other origins.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}
