// Generate a Drizzle migration: `npm run db:generate -- <name> [schema file]`.
// One generation at a time on this machine (a lock file), and the schema file joins drizzle/schema-files.json.
import { spawnSync } from 'node:child_process';
import { openSync, closeSync, unlinkSync, readFileSync, writeFileSync, existsSync, statSync } from 'node:fs';

const [name, file] = process.argv.slice(2);
if (!name) {
  console.error('usage: npm run db:generate -- <name> [./apps/server/src/db/schema-<module>.ts]');
  process.exit(2);
}
const lock = '/tmp/suite-drizzle-generate.lock';
for (let i = 0; ; i++) {
  try {
    closeSync(openSync(lock, 'wx'));
    break;
  } catch {
    if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 120_000) unlinkSync(lock);
    if (i > 600) throw new Error('another migration generation holds the lock');
    await new Promise((r) => setTimeout(r, 200));
  }
}
try {
  const listPath = 'apps/server/drizzle/schema-files.json';
  const r = spawnSync('npx', ['drizzle-kit', 'generate', '--config', 'apps/server/drizzle.config.ts', '--name', name], {
    stdio: 'inherit',
    env: { ...process.env, ...(file ? { DRIZZLE_EXTRA_SCHEMA: file } : {}) },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
  if (file) {
    const list = JSON.parse(readFileSync(listPath, 'utf8'));
    if (!list.includes(file)) writeFileSync(listPath, JSON.stringify([...list, file], null, 2) + '\n');
  }
} finally {
  unlinkSync(lock);
}
