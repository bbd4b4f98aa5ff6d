// `npm run lint` step: every package a workspace's source imports is declared in that workspace's package.json.
// knip misses some of these (a package another workspace declares, such as zod, or a workspace package itself), and
// npm's hoisting hides them until a workspace is installed or deployed on its own. Test and end-to-end files may also
// use the root's devDependencies (the test runners).
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const read = (p) => JSON.parse(readFileSync(join(root, p), 'utf8'));
const names = (pkg) => new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})]);
const rootDev = names(read('package.json'));
const builtins = new Set(builtinModules);
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'";`]*?from\s+['"]([^'"]+)['"]|(?:^|[\s;])import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

function* files(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (/\.(m?[jt]sx?)$/.test(e.name) && !e.name.endsWith('.d.ts')) yield p;
  }
}

const problems = [];
for (const ws of ['apps/server', 'apps/web', 'packages/shared']) {
  const pkg = read(`${ws}/package.json`);
  const declared = names(pkg);
  for (const dir of ['src', 'e2e']) {
    let list;
    try {
      list = [...files(join(root, ws, dir))];
    } catch {
      continue;
    }
    for (const file of list) {
      const rel = relative(root, file);
      const testish = dir === 'e2e' || /\.test\.[jt]sx?$/.test(file) || rel.includes('/test-support/') || rel.includes('/test/') || rel.includes('/testing/');
      for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const spec = m[1] ?? m[2] ?? m[3];
        if (!spec || spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('@/') || spec.startsWith('node:') || spec.startsWith('virtual:')) continue;
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
        if (builtins.has(name) || name === pkg.name) continue;
        if (declared.has(name) || (testish && rootDev.has(name))) continue;
        problems.push(`${rel}: imports '${name}', which ${ws}/package.json does not declare`);
      }
    }
  }
}
if (problems.length) {
  console.error(`Undeclared dependencies (${problems.length}):\n  ${[...new Set(problems)].join('\n  ')}`);
  process.exit(1);
}
console.log('check-deps: every import is declared by its workspace');
