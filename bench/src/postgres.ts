import pg from 'pg';

/** A throw-away database on the PostgreSQL server that BENCH_DATABASE_URL points at. */
export interface BenchDatabase {
  /** The URL the app server gets as DATABASE_URL. */
  url: string;
  name: string;
  serverVersion: string;
  drop(): Promise<void>;
}

/** The URL with its password hidden, for printing. */
export function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/** Creates `comanda_bench_<timestamp>` (the URL's role becomes its owner); drop() removes it again. */
export async function createBenchDatabase(adminUrl: string, stamp: string): Promise<BenchDatabase> {
  const name = `comanda_bench_${stamp.replace(/[^0-9a-z]/gi, '').toLowerCase()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let serverVersion: string;
  try {
    serverVersion = String(
      (await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version,
    );
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    serverVersion,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // WITH (FORCE) (PostgreSQL 13+) ends connections a killed server may have left behind.
        await client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * The database a bench runs on, said on the console: a fresh one on the server adminUrl points at
 * (BENCH_DATABASE_URL), or none for the embedded PGlite in the server's fresh DATA_DIR.
 */
export async function openBenchDatabase(
  adminUrl: string | undefined,
  stamp: string,
): Promise<BenchDatabase | undefined> {
  if (!adminUrl) {
    console.log('database: embedded PGlite in a fresh temporary DATA_DIR');
    return undefined;
  }
  const database = await createBenchDatabase(adminUrl, stamp);
  console.log(
    `database: PostgreSQL ${database.serverVersion}, fresh database ${database.name} on ${redact(adminUrl)}`,
  );
  return database;
}
