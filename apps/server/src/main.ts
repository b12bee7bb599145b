import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/client.ts';

const SHUTDOWN_GRACE_MS = 10_000;

/** Starts Comanda: one process serving the API, realtime and the web app on one port. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          appUrl: config.databaseAppUrl,
          poolSize: config.databasePoolSize,
          poolMode: config.databasePoolMode,
          statementTimeoutMs: config.databaseStatementTimeoutMs,
        }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  // dist/main.js serves ../web/dist; in development (tsx) src/main.ts finds the same folder.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const webDist = process.env.WEB_DIST ?? path.resolve(here, '../../web/dist');
  const { app } = await buildApp({ config, database, webDist });

  let closing = false;
  /**
   * Stops accepting, sends sockets elsewhere (see realtime drain), lets requests in flight finish,
   * closes the database, and exits 0. A node that cannot do so in SHUTDOWN_GRACE_MS exits 1 anyway:
   * an orchestrator waits for it before it starts the replacement.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error(`did not stop within ${SHUTDOWN_GRACE_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Comanda is running at ${config.publicUrl} (database: ${database.kind === 'pglite' ? `embedded, ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((error: unknown) => {
  // A bad exchange-rates file is found while the app is built: one line, like the environment's.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
