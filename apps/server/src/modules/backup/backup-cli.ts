// `npm run backup -- [--tenant <id or username>] --out <file>` and
// `npm run restore -- --in <file> [--replace] [--accept-unsigned]` (docs/backup.md). They use the database `npm start`
// uses (DATABASE_URL, or the embedded one in DATA_DIR) and run as its owner.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../platform/config.ts';
import { openOwnerDatabase } from '../../platform/db/client.ts';
import { BackupError, backup, backupKey, restore } from './backup.service.ts';

const USAGE = `Usage:
  npm run backup -- [--tenant <id or username>] --out <file[.gz]>
  npm run restore -- --in <file[.gz]> [--replace] [--accept-unsigned]`;

function stop(message: string): never {
  console.error(message);
  process.exit(1);
}

async function run() {
  const [command, ...rest] = process.argv.slice(2);
  let values;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        tenant: { type: 'string' },
        out: { type: 'string' },
        in: { type: 'string' },
        replace: { type: 'boolean', default: false },
        'accept-unsigned': { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    stop(`${(error as Error).message}\n${USAGE}`);
  }
  const misused =
    command === 'backup'
      ? !values.out || values.in !== undefined || values.replace || values['accept-unsigned']
      : command !== 'restore' || !values.in || values.out !== undefined || values.tenant !== undefined;
  if (misused) stop(USAGE);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) stop(error.message);
    throw error;
  }
  if (command === 'restore' && !fs.existsSync(values.in!)) stop(`No file ${values.in}`);
  // The key that signs backups and that restore checks them against (docs/backup.md): BACKUP_KEY, or
  // DATA_DIR/backup.key, made at the first backup. An unsigned file of an older Comanda needs none.
  let key: Buffer | undefined;
  try {
    const found = backupKey({
      ...(config.backupKey ? { env: config.backupKey } : {}),
      dataDir: config.dataDir,
      create: command === 'backup',
    });
    key = found.key;
    if (found.created) {
      console.log(
        `Made the backup key ${found.created}: keep a copy apart from the backups; a restore needs it (as that file or as BACKUP_KEY)`,
      );
    }
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    // Without a key only an unsigned file restores; restore refuses a signed one.
    if (command === 'backup' || !values['accept-unsigned']) stop(error.message);
  }
  const dataDir = path.join(config.dataDir, 'pglite');
  if (!config.databaseUrl && command === 'backup' && !fs.existsSync(dataDir)) {
    stop(`No embedded database in ${config.dataDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
  }
  const owner = await openOwnerDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir },
  );
  let summary;
  try {
    summary =
      command === 'backup'
        ? await backup(owner, {
            out: values.out!,
            key: key!,
            ...(values.tenant ? { tenant: values.tenant } : {}),
          })
        : await restore(owner, {
            file: values.in!,
            replace: values.replace,
            acceptUnsigned: values['accept-unsigned'],
            ...(key ? { key } : {}),
          });
  } catch (error) {
    await owner.close();
    if (error instanceof BackupError) stop(error.message);
    throw error;
  }
  await owner.close();
  const what = summary.tenantId === undefined ? 'all tenants' : `tenant ${summary.tenantId}`;
  console.log(
    command === 'backup'
      ? `Backed up ${what}: ${summary.rows} rows of ${summary.tables} tables to ${values.out}`
      : `Restored ${what}: ${summary.rows} rows of ${summary.tables} tables from ${values.in}`,
  );
}

await run();
