// `npm start`: builds what is missing, then serves API, realtime and the web app on one port
// (embedded database under ./data unless DATABASE_URL is set).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const missing = [
  ['apps/web/dist/index.html', '@comanda/web'],
  ['apps/server/dist/main.js', '@comanda/server'],
].filter(([file]) => !fs.existsSync(file));
for (const [, workspace] of missing) {
  console.log(`Building ${workspace} ...`);
  const res = spawnSync('npm', ['run', 'build', '-w', workspace], { stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
const res = spawnSync(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  stdio: 'inherit',
});
process.exit(res.status ?? 0);
