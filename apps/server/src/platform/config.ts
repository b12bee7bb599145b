import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_EXCHANGE_RATES_FILE } from '../exchange-rates-path.ts';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from './db/client.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const url = (protocols: string[]) =>
  z.url().refine((v) => protocols.some((p) => v.startsWith(p)), {
    error: `must start with ${protocols.join(' or ')}`,
  });

/** The operating contract (ARCHITECTURE §6): every setting comes from the environment. */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    // Signs backup files and checks them at restore; else DATA_DIR/backup.key (docs/backup.md).
    BACKUP_KEY: z.string().min(32).optional(),
    DATABASE_URL: url(['postgres://', 'postgresql://']).optional(),
    // The role requests log in as; without it the app makes comanda_login itself (docs/database.md).
    DATABASE_APP_URL: url(['postgres://', 'postgresql://']).optional(),
    PUBLIC_URL: z.url().optional(),
    SUPERADMIN_USERNAME: z.email().optional(),
    SUPERADMIN_PASSWORD: z.string().min(8).optional(),
    BILLING: z.enum(['off', 'stripe']).default('off'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_PRICE_ID: z.string().optional(),
    // Test and development only: where the Stripe SDK sends its calls (a local stand-in), instead of
    // api.stripe.com (docs/billing.md).
    STRIPE_API_URL: url(['http://', 'https://']).optional(),
    SMTP_URL: url(['smtp://', 'smtps://']).optional(),
    MAIL_FROM: z.string().default('Comanda <no-reply@comanda.local>'),
    REDIS_URL: url(['redis://', 'rediss://']).optional(),
    COOKIE_SECURE: bool.optional(),
    // false, true (one proxy hop), a hop count, or the proxies' addresses/CIDRs, comma-separated.
    TRUST_PROXY: z.string().min(1).default('false'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
    // `transaction` behind PgBouncer's pool_mode=transaction (docs/scaling.md).
    DATABASE_POOL_MODE: z.enum(['session', 'transaction']).default('session'),
    // A request's statement that runs longer is cancelled (503); 0: the app sets none (docs/scaling.md).
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(3_600_000)
      .default(DEFAULT_STATEMENT_TIMEOUT_MS),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
    // Staff behind one restaurant router all sign in at shift change: generous, but a ceiling.
    AUTH_ADDRESS_RATE_LIMIT: z.coerce.number().int().positive().default(60),
    // QR menu orders (docs/qr-menu.md): per client address a minute, per table and per store (menu
    // code) ten minutes; order-status reads per client address a minute.
    QR_ORDER_ADDRESS_RATE_LIMIT: z.coerce.number().int().positive().default(10),
    QR_ORDER_TABLE_RATE_LIMIT: z.coerce.number().int().positive().default(20),
    QR_ORDER_STORE_RATE_LIMIT: z.coerce.number().int().positive().default(60),
    QR_STATUS_RATE_LIMIT: z.coerce.number().int().positive().default(120),
    // Reads per client address a minute. Generous: a restaurant's diners share its one wifi address.
    QR_MENU_RATE_LIMIT: z.coerce.number().int().positive().default(300),
    IMAGE_RATE_LIMIT: z.coerce.number().int().positive().default(1200),
    // Per sending address a minute: the card provider sends from a few addresses, in bursts.
    WEBHOOK_RATE_LIMIT: z.coerce.number().int().positive().default(600),
    PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
    PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
    API_DOCS: bool.optional(),
    // The super admin's USD conversion (docs/superadmin-reports.md): the rates file the server reads,
    // and where `npm run rates:refresh` downloads a new one from.
    EXCHANGE_RATES_FILE: z.string().min(1).optional(),
    EXCHANGE_RATES_URL: url(['http://', 'https://']).optional(),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.SUPERADMIN_USERNAME) !== Boolean(env.SUPERADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.SUPERADMIN_USERNAME ? 'SUPERADMIN_PASSWORD' : 'SUPERADMIN_USERNAME'],
        message: 'SUPERADMIN_USERNAME and SUPERADMIN_PASSWORD are set together',
      });
    }
    if (env.DATABASE_APP_URL && !env.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_APP_URL'], message: 'needs DATABASE_URL (the owner)' });
    }
    if (env.DATABASE_POOL_MODE === 'transaction' && !env.REDIS_URL) {
      // Realtime between nodes would otherwise need a LISTEN session the pooler cannot give.
      ctx.addIssue({ code: 'custom', path: ['DATABASE_POOL_MODE'], message: 'transaction needs REDIS_URL' });
    }
    if (env.BILLING === 'stripe') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required when BILLING=stripe' });
      }
    }
  });

export type Config = ReturnType<typeof loadConfig>;

/**
 * Which proxies may set X-Forwarded-For. `true` trusts one hop (the load balancer in front), never
 * every hop: trusting all would let a client choose its own address and dodge the sign-in limit.
 */
function parseTrustProxy(value: string): boolean | string | ((address: string, hop: number) => boolean) {
  const v = value.trim().toLowerCase();
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  const hops = ['true', 'yes', 'on'].includes(v) ? 1 : /^\d+$/.test(v) ? Number(v) : undefined;
  if (hops !== undefined) return (_address, hop) => hop < hops;
  return value;
}

/** Thrown when the environment is invalid; its message is the one line an operator reads. */
export class ConfigError extends Error {}

/** Reads and checks the environment; an invalid setting stops the start with one line naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // Empty strings mean "unset", as in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`);
  }
  const e = parsed.data;
  const publicUrl = (
    e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? 'localhost' : e.HOST}:${e.PORT}`
  ).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    backupKey: e.BACKUP_KEY,
    databaseUrl: e.DATABASE_URL,
    databaseAppUrl: e.DATABASE_APP_URL,
    publicUrl,
    superadmin:
      e.SUPERADMIN_USERNAME && e.SUPERADMIN_PASSWORD
        ? { username: e.SUPERADMIN_USERNAME.toLowerCase(), password: e.SUPERADMIN_PASSWORD }
        : undefined,
    billing: e.BILLING,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      priceId: e.STRIPE_PRICE_ID,
      apiUrl: e.STRIPE_API_URL,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    // Secure cookies need https; default to what PUBLIC_URL says.
    cookieSecure: e.COOKIE_SECURE ?? publicUrl.startsWith('https://'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databasePoolMode: e.DATABASE_POOL_MODE,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    authAddressRateLimit: e.AUTH_ADDRESS_RATE_LIMIT,
    qrOrderAddressRateLimit: e.QR_ORDER_ADDRESS_RATE_LIMIT,
    qrOrderTableRateLimit: e.QR_ORDER_TABLE_RATE_LIMIT,
    qrOrderStoreRateLimit: e.QR_ORDER_STORE_RATE_LIMIT,
    qrStatusRateLimit: e.QR_STATUS_RATE_LIMIT,
    qrMenuRateLimit: e.QR_MENU_RATE_LIMIT,
    imageRateLimit: e.IMAGE_RATE_LIMIT,
    webhookRateLimit: e.WEBHOOK_RATE_LIMIT,
    // One argon2 hash per core at a time; more only queue up for the same cores.
    passwordHashConcurrency: e.PASSWORD_HASH_CONCURRENCY ?? os.availableParallelism(),
    passwordHashQueue: e.PASSWORD_HASH_QUEUE,
    // The OpenAPI page helps whoever tries or develops against Comanda; a public https site keeps
    // its map of the API to itself unless asked.
    apiDocs: e.API_DOCS ?? !publicUrl.startsWith('https://'),
    exchangeRatesFile: path.resolve(e.EXCHANGE_RATES_FILE ?? DEFAULT_EXCHANGE_RATES_FILE),
    exchangeRatesUrl: e.EXCHANGE_RATES_URL,
  };
}
