/**
 * The previous release's server, for the expand/contract check (docs/decisions/012-migrations-on-a-running-fleet.md):
 * its sources from git (`git archive`, so no worktree bookkeeping), run on this checkout's dependencies when every
 * dependency the old server and shared package declare is still declared with the same range (a node_modules of symlinks to ours,
 * except @suite/* which point at the old sources), else on a production-only `npm ci` of its own lockfile.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The last landed release: the commit the fleet runs before this code is rolled out. */
export const PREVIOUS_RELEASE = '8fd1158';

const root = new URL('../../../../', import.meta.url).pathname;

function deps(dir: string, file: string): Record<string, string> {
  const json = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { dependencies?: Record<string, string> };
  return json.dependencies ?? {};
}

/** True when every dependency of the old manifest is declared, with the same range, by the current one. */
function coveredBy(current: Record<string, string>, old: Record<string, string>): boolean {
  return Object.entries(old).every(([name, range]) => current[name] === range);
}

/** Extracts the release into a temp dir and gives it dependencies; returns the dir and how they were provided. */
export function checkoutPreviousRelease(commit = PREVIOUS_RELEASE): { dir: string; deps: 'shared' | 'installed' } {
  const dir = mkdtempSync(join(tmpdir(), 'suite-prev-'));
  const paths = ['package.json', 'package-lock.json', 'apps/server', 'packages/shared', 'apps/web/package.json'];
  const tar = execFileSync('git', ['-C', root, 'archive', '--format=tar', commit, ...paths], { maxBuffer: 256 * 2 ** 20 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  const same = ['apps/server/package.json', 'packages/shared/package.json'].every((f) => coveredBy(deps(root, f), deps(dir, f)));
  if (!same) {
    execFileSync('npm', ['ci', '--omit=dev', '--workspace', '@suite/server', '--workspace', '@suite/shared', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: dir,
      stdio: 'ignore',
    });
    return { dir, deps: 'installed' };
  }
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@suite'), { recursive: true });
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name === '@suite' || name === '.bin' || name.startsWith('.')) continue;
    symlinkSync(join(root, 'node_modules', name), join(modules, name));
  }
  // npm may nest a workspace's own dependency (e.g. apps/server/node_modules/openai); link those too.
  for (const ws of ['apps/server', 'packages/shared']) {
    const nested = join(root, ws, 'node_modules');
    if (!existsSync(nested)) continue;
    mkdirSync(join(dir, ws, 'node_modules'), { recursive: true });
    for (const name of readdirSync(nested)) {
      if (name === '.bin' || name.startsWith('.')) continue;
      symlinkSync(join(nested, name), join(dir, ws, 'node_modules', name));
    }
  }
  symlinkSync('../../apps/server', join(modules, '@suite/server'));
  symlinkSync('../../packages/shared', join(modules, '@suite/shared'));
  return { dir, deps: 'shared' };
}

/** Starts the release's `apps/server/src/main.ts` with exactly `env` (plus PATH); resolves once /api/ready answers. */
export async function startRelease(
  dir: string,
  port: number,
  env: Record<string, string>,
  path: string,
): Promise<{ base: string; proc: ChildProcess; stop: () => Promise<void> }> {
  const proc = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: dir,
    env: { PATH: path, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600 && proc.exitCode === null; i++) {
    const ok = await fetch(`${base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { base, proc, stop: async () => (proc.kill('SIGTERM'), exited) };
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill('SIGKILL');
  throw new Error(`the previous release did not start: ${stderr}`);
}
