// Shows every structure rule of `npm run lint` FAILING (decision 032): writes throwaway files that break one rule
// each (in the folder the rule guards), lints them with the project's own ESLint config (and knip for unused files
// and exports), checks that each fails with the expected rule and message, and deletes the files again.
// Usage: node scripts/lint-rules-selftest.mjs [--no-knip] [--quiet]   (`npm run lint` runs it with --quiet)
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';

// No trailing slash: the TypeScript resolver compares this cwd with process.cwd() and misresolves `@/` when they differ.
const root = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const S = 'apps/server/src';
const W = 'apps/web/src';
const Z = 'zz-lint-selftest';

// Files other cases import (each is allowed by itself).
const targets = {
  [`${W}/features/rooms/${Z}-target.ts`]: `export const roomsThing = 1;\n`,
  [`${W}/app/${Z}-target.ts`]: `export const appThing = 1;\n`,
  [`${S}/modules/seeds/${Z}.repository.ts`]: `export const seedRow = 1;\n`,
  [`${S}/modules/seeds/${Z}-internal.ts`]: `export const seedInternal = 1;\n`,
  [`${S}/modules/seeds/${Z}.service.ts`]: `export const seedPublic = 1;\n`,
  [`${S}/modules/rooms/${Z}.repository.ts`]: `export const roomRow = 1;\n`,
  [`${S}/test-support/${Z}-fake.ts`]: `export const fake = 1;\n`,
};

// [name, file, code, rule, text the message must contain]
const cases = [
  // ---- web ----
  [
    'loophole (a): feature root imports a sibling feature with ../rooms/…',
    `${W}/features/console/${Z}.ts`,
    `import { roomsThing } from '../rooms/${Z}-target.ts';\nexport const a = roomsThing;\n`,
    'import-x/no-restricted-paths',
    '기능(feature)끼리는',
  ],
  [
    'feature → feature through @/features/…',
    `${W}/features/console/${Z}-alias.ts`,
    `import { roomsThing } from '@/features/rooms/${Z}-target';\nexport const a = roomsThing;\n`,
    'import-x/no-restricted-paths',
    '기능(feature)끼리는',
  ],
  [
    'feature → feature through ../../features/…',
    `${W}/features/console/lib/${Z}.ts`,
    `import { roomsThing } from '../../../features/rooms/${Z}-target.ts';\nexport const a = roomsThing;\n`,
    'import-x/no-restricted-paths',
    '기능(feature)끼리는',
  ],
  [
    'feature → app',
    `${W}/features/console/${Z}-app.ts`,
    `import { appThing } from '@/app/${Z}-target';\nexport const a = appThing;\n`,
    'import-x/no-restricted-paths',
    'components/lib → features → app',
  ],
  [
    'lib → feature',
    `${W}/lib/${Z}.ts`,
    `import { roomsThing } from '../features/rooms/${Z}-target.ts';\nexport const a = roomsThing;\n`,
    'import-x/no-restricted-paths',
    'components/lib → features → app',
  ],
  [
    'components → app',
    `${W}/components/${Z}.ts`,
    `import { appThing } from '@/app/${Z}-target';\nexport const a = appThing;\n`,
    'import-x/no-restricted-paths',
    'components/lib → features → app',
  ],
  [
    'web cycle',
    `${W}/features/console/${Z}-cycle-a.ts`,
    `import { b } from './${Z}-cycle-b.ts';\nexport const a = () => b;\n`,
    'import-x/no-cycle',
    'Dependency cycle',
  ],
  [null, `${W}/features/console/${Z}-cycle-b.ts`, `import { a } from './${Z}-cycle-a.ts';\nexport const b = () => a;\n`],
  [
    'inline api<{ … }> type',
    `${W}/lib/${Z}-api.ts`,
    `import { api } from './api';\nexport const f = () => api<{ data: string }>('/x');\n`,
    'no-restricted-syntax',
    'zod 스키마',
  ],
  [
    'react-hooks: a hook under a condition',
    `${W}/components/${Z}-hooks.tsx`,
    `import { useState } from 'react';\nexport function C({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n`,
    'react-hooks/rules-of-hooks',
    'useState',
  ],
  // ---- server ----
  [
    'loophole (b): a module imports another module’s repository through ../../modules/…',
    `${S}/modules/rooms/${Z}.ts`,
    `import { seedRow } from '../../modules/seeds/${Z}.repository.ts';\nexport const a = seedRow;\n`,
    'import-x/no-restricted-paths',
    'modules/<모듈>/*.service.ts로만',
  ],
  [
    'a module imports another module’s internal file',
    `${S}/modules/rooms/${Z}-internal.ts`,
    `import { seedInternal } from '../seeds/${Z}-internal.ts';\nexport const a = seedInternal;\n`,
    'import-x/no-restricted-paths',
    'modules/<모듈>/*.service.ts로만',
  ],
  [
    'routes → repository (own module)',
    `${S}/modules/rooms/${Z}.routes.ts`,
    `import { roomRow } from './${Z}.repository.ts';\nexport const a = roomRow;\n`,
    'import-x/no-restricted-paths',
    'routes는 repository를',
  ],
  [
    'lib → modules',
    `${S}/lib/${Z}.ts`,
    `import { seedPublic } from '../modules/seeds/${Z}.service.ts';\nexport const a = seedPublic;\n`,
    'import-x/no-restricted-paths',
    'modules/를 import하지',
  ],
  [
    'plugins → modules',
    `${S}/plugins/${Z}.ts`,
    `import { seedPublic } from '../modules/seeds/${Z}.service.ts';\nexport const a = seedPublic;\n`,
    'import-x/no-restricted-paths',
    'modules/를 import하지',
  ],
  [
    'product code → test-support',
    `${S}/modules/meal/${Z}.ts`,
    `import { fake } from '../../test-support/${Z}-fake.ts';\nexport const a = fake;\n`,
    'import-x/no-restricted-paths',
    '테스트 키트',
  ],
  [
    'product code → modules/*/testing kit',
    `${S}/modules/rooms/${Z}-kit.ts`,
    `import * as kit from '../meal/testing/meal-test-kit.ts';\nexport const a = kit;\n`,
    'import-x/no-restricted-paths',
    '테스트 키트',
  ],
  [
    'loophole (c): createMailer called from lib/',
    `${S}/lib/${Z}-mailer.ts`,
    `import { createMailer } from '../adapters/mailer.ts';\nexport const m = createMailer;\n`,
    'house/only-from',
    'createMailer',
  ],
  [
    'createMailer renamed, from plugins/',
    `${S}/plugins/${Z}-mailer.ts`,
    `import { createMailer as make } from '../adapters/mailer.ts';\nexport const m = make;\n`,
    'house/only-from',
    'createMailer',
  ],
  [
    'createMailer from a module',
    `${S}/modules/meal/${Z}-mailer.ts`,
    `import * as mail from '../../adapters/mailer.ts';\nexport const m = mail.createMailer;\n`,
    'house/only-from',
    'createMailer',
  ],
  [
    'nodemailer outside the mail adapter',
    `${S}/modules/meal/${Z}-smtp.ts`,
    `import nodemailer from 'nodemailer';\nexport const t = nodemailer.createTransport;\n`,
    'house/only-from',
    'nodemailer',
  ],
  [
    'a repository reads another module’s schema file',
    `${S}/modules/rooms/${Z}-schema.repository.ts`,
    `import { meals } from '../../db/schema-meal.ts';\nexport const t = meals;\n`,
    'house/only-from',
    '테이블',
  ],
  [
    'a repository reads another module’s table from db/schema.ts',
    `${S}/modules/beta/${Z}-core.repository.ts`,
    `import { users } from '../../db/schema.ts';\nexport const t = users;\n`,
    'house/only-from',
    '테이블',
  ],
  [
    'db/schema outside repositories',
    `${S}/modules/rooms/${Z}-schema.service.ts`,
    `import { users } from '../../db/schema.ts';\nexport const t = users;\n`,
    'import-x/no-restricted-paths',
    'Drizzle',
  ],
  [
    'drizzle-orm outside repositories',
    `${S}/modules/rooms/${Z}-drizzle.service.ts`,
    `import { sql } from 'drizzle-orm';\nexport const q = sql;\n`,
    'no-restricted-imports',
    'Drizzle',
  ],
  ['export * from a repository', `${S}/modules/seeds/${Z}-barrel.service.ts`, `export * from './${Z}.repository.ts';\n`, 'house/no-reexport', 're-export'],
  [
    'a non-service file re-exports a repository',
    `${S}/modules/seeds/${Z}-pass.ts`,
    `export { seedRow } from './${Z}.repository.ts';\n`,
    'house/no-reexport',
    're-export',
  ],
  ['index.ts barrel on the server', `${S}/modules/seeds/${Z}/index.ts`, `export const x = 1;\n`, 'no-restricted-syntax', '배럴 파일(index.ts)'],
  ['index.ts barrel in a web feature', `${W}/features/rooms/${Z}/index.ts`, `export const x = 1;\n`, 'no-restricted-syntax', '배럴 파일(index.ts)'],
  [
    'loophole (d): two modules import each other (auth ↔ seeds)',
    `${S}/modules/auth/${Z}-cycle.service.ts`,
    `import { fromSeeds } from '../seeds/${Z}-cycle.service.ts';\nexport const fromAuth = () => fromSeeds;\n`,
    'import-x/no-cycle',
    'Dependency cycle',
  ],
  [null, `${S}/modules/seeds/${Z}-cycle.service.ts`, `import { fromAuth } from '../auth/${Z}-cycle.service.ts';\nexport const fromSeeds = () => fromAuth;\n`],
  ['setInterval in a module', `${S}/modules/meal/${Z}-timer.ts`, `export const t = setInterval(() => 1, 5);\n`, 'no-restricted-globals', '잡 러너'],
  ['new Date() in a module', `${S}/modules/meal/${Z}-clock.ts`, `export const d = new Date();\n`, 'no-restricted-syntax', '앱의 시계'],
  ['Date.now() in a module', `${S}/modules/seeds/${Z}-clock.ts`, `export const n = Date.now();\n`, 'no-restricted-syntax', '앱의 시계'],
  ['process.env outside config', `${S}/modules/meal/${Z}-env.ts`, `export const e = process.env.X;\n`, 'no-restricted-properties', 'config.ts'],
];

// knip: an unused file, and an unused export of a used file (reached from a cli entry).
const knipFiles = {
  [`${S}/lib/${Z}-unused-file.ts`]: `export const nobodyImportsThis = 1;\n`,
  [`${S}/cli/${Z}-entry.ts`]: `import { used } from '../lib/${Z}-exports.ts';\nconsole.log(used);\n`,
  [`${S}/lib/${Z}-exports.ts`]: `export const used = 1;\nexport const neverImported = 2;\n`,
};

const written = [];
const write = (rel, text) => {
  const abs = join(root, rel);
  if (existsSync(abs)) throw new Error(`${rel} exists already`);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, text);
  written.push(abs);
};
const cleanUp = () => {
  for (const abs of written.splice(0)) rmSync(abs, { force: true });
  rmSync(join(root, `${S}/modules/seeds/${Z}`), { recursive: true, force: true });
  rmSync(join(root, `${W}/features/rooms/${Z}`), { recursive: true, force: true });
};
process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});

const quiet = process.argv.includes('--quiet');
const say = (line) => quiet || console.log(line);
const failures = [];
let shown = 0;
const started = Date.now();
try {
  for (const [rel, text] of Object.entries(targets)) write(rel, text);
  for (const [, rel, text] of cases) write(rel, text);
  const eslint = new ESLint({ cwd: root });
  const results = await eslint.lintFiles(cases.map((c) => c[1]));
  const byFile = new Map(results.map((r) => [r.filePath, r.messages]));
  for (const [name, rel, , rule, text] of cases) {
    if (!name) continue;
    const messages = byFile.get(join(root, rel)) ?? [];
    const hit = messages.find((m) => m.ruleId === rule && m.message.includes(text));
    if (hit) {
      shown++;
      say(`ok   ${name}\n     ${rel}:${hit.line}  ${rule}  ${hit.message.slice(0, 110)}`);
    } else {
      failures.push(`${name}: ${rel} — expected ${rule} (“${text}”), got ${JSON.stringify(messages.map((m) => `${m.ruleId}: ${m.message}`))}`);
    }
  }
  cleanUp();

  if (!process.argv.includes('--no-knip')) {
    for (const [rel, text] of Object.entries(knipFiles)) write(rel, text);
    const knip = join(root, 'node_modules/.bin/knip');
    const { stdout } = await promisify(execFile)(knip, ['--no-exit-code', '--reporter', 'json'], { cwd: root, maxBuffer: 64 << 20 });
    const report = JSON.parse(stdout);
    const issues = report.issues ?? [];
    const unusedFile =
      (report.files ?? []).includes(`${S}/lib/${Z}-unused-file.ts`) ||
      issues.some((i) => i.file === `${S}/lib/${Z}-unused-file.ts` && (i.files === true || i.files?.length));
    const unusedExport = issues.some((i) => i.file === `${S}/lib/${Z}-exports.ts` && (i.exports ?? []).some((e) => e.name === 'neverImported'));
    const usedFlagged = issues.some((i) => i.file === `${S}/lib/${Z}-exports.ts` && (i.exports ?? []).some((e) => e.name === 'used'));
    for (const [ok, name] of [
      [unusedFile, 'knip: an unused file'],
      [unusedExport && !usedFlagged, 'knip: an unused export (and not the used one)'],
    ]) {
      if (ok) {
        shown++;
        say(`ok   ${name}`);
      } else failures.push(`${name}: not reported by knip`);
    }
  }
} finally {
  cleanUp();
}

console.log(`${quiet ? 'lint self-test: ' : '\n'}${shown} rules shown failing, ${failures.length} not, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (failures.length) {
  console.error(`\nNot shown failing:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
