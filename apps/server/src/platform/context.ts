import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Events } from './events.ts';
import type { Mailer } from './mail.ts';
import type { PasswordHasher } from './passwords.ts';
import type { AccessTokens } from './session-tokens.ts';

/** What every service is built from: made once at start, passed down, never imported as a global. */
export interface AppContext {
  config: Config;
  database: Database;
  tokens: AccessTokens;
  mailer: Mailer;
  passwords: PasswordHasher;
  /** Session notices for sockets. Tenant events go only through inTenant's emit, after commit. */
  events: Omit<Events, 'toTenant'>;
  log: FastifyBaseLogger;
  /** The time now: "today" and "not in the past" read it, so tests can stand at a store's midnight. */
  now: () => Date;
}
