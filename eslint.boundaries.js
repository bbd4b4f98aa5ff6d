// Architecture boundaries as lint errors (decision 032, which supersedes 024). Every rule here looks at the RESOLVED
// file an import points to (eslint-plugin-import-x with the TypeScript resolver: the web `@/` alias, `.ts`
// specifiers, `../x` and `../../features/x` all end at the same path), never at the text of the specifier. Zones are
// generated from the folder layout, so a new module or feature is covered without editing this file.
// `node scripts/lint-rules-selftest.mjs` shows every rule failing on a throwaway file.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import importX from 'eslint-plugin-import-x';
import { moduleVisitor, resolve } from 'eslint-plugin-import-x/utils';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { Minimatch } from 'minimatch';

const ROOT = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');
const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

// ---------- messages ----------
const M = {
  crossFeature: '기능(feature)끼리는 서로 import하지 않습니다. 두 기능이 함께 쓰는 것은 src/components/ 또는 src/lib/로 옮기세요.',
  upward: 'components/·lib/는 features/·app/을, features/는 app/을 import하지 않습니다 (components/lib → features → app).',
  crossModule: '다른 모듈은 그 모듈의 공개 파일 modules/<모듈>/*.service.ts로만 사용합니다 (repository·내부 파일 직접 import 금지).',
  routeRepo: 'routes는 repository를 직접 부르지 않습니다: routes → service → repository → db.',
  drizzle: 'Drizzle(drizzle-orm, db 스키마)은 repository·db·마이그레이션·test-support에서만 씁니다.',
  tableOwner:
    '테이블(db/schema-<영역>.ts, db/schema.ts의 테이블)은 그 테이블을 가진 모듈의 repository만 씁니다: 다른 모듈의 테이블은 그 모듈의 service로 읽으세요.',
  barrel: 'repository를 다시 내보내지(re-export) 않습니다: export * 금지, 이름을 골라 내보내는 것은 모듈의 service 파일에서만 합니다 (배럴 파일 금지).',
  indexBarrel: '서버와 웹 기능(feature) 폴더에는 배럴 파일(index.ts)을 두지 않습니다: 쓰는 파일을 직접 import하세요.',
  testKit: '테스트 키트·가짜 서버(test-support/, test/, modules/*/testing/, *-test-kit.ts)는 제품 코드에서 import하지 않습니다.',
  libModule: 'lib/·plugins/·adapters/·state/는 공용 기반입니다: modules/를 import하지 않습니다.',
  oneMailer:
    '메일러는 buildApp(app.ts)에서 한 번 만들어 ctx.mailer로 넘깁니다: 그 밖의 곳(modules/, lib/, plugins/, state/)에서 createMailer를 부르지 않습니다.',
  smtp: 'SMTP 전송(nodemailer)은 adapters/mailer.ts만 씁니다: 메일은 ctx.mailer로 보냅니다.',
  inlineApiType: 'API 응답 타입은 packages/shared/src/schemas의 zod 스키마에서 가져옵니다: api<{ … }>처럼 그 자리에서 타입을 쓰지 않습니다 (결정 025).',
  oneRunner: '주기 작업은 setInterval 대신 잡 러너에 등록합니다: lib/jobs/catalogue.ts의 SCHEDULES에 추가하고 jobs.every(이름, 작업)을 부르세요.',
  appClock:
    '시각은 앱의 시계(ctx.now, deps.now)에서 읽습니다: modules/에서는 인자 없는 new Date()와 Date.now()를 쓰지 않습니다. 경과 시간은 performance.now()로 재고, 꼭 필요한 예외는 eslint-disable-next-line에 이유를 씁니다.',
};

// ---------- two small rules import-x does not have, on the same resolver ----------
const mm = (globs) => globs.map((g) => new Minimatch(`${ROOT}/${g}`));
const hit = (list, file) => list.some((m) => m.match(file));

/** Names an import declaration takes from its source ('*' = everything: namespace, export *, import()). */
function namesTaken(node) {
  if (node.type === 'ImportDeclaration') {
    if (node.importKind === 'type') return [];
    if (node.specifiers.length === 0) return ['<side-effect>'];
    return node.specifiers
      .filter((s) => s.importKind !== 'type')
      .map((s) => (s.type === 'ImportSpecifier' ? (s.imported.name ?? s.imported.value) : s.type === 'ImportDefaultSpecifier' ? 'default' : '*'));
  }
  if (node.type === 'ExportNamedDeclaration') {
    if (node.exportKind === 'type') return [];
    return node.specifiers.filter((s) => s.exportKind !== 'type').map((s) => s.local.name ?? s.local.value);
  }
  return ['*']; // ExportAllDeclaration, import(), require()
}

const house = {
  meta: { name: 'house' },
  rules: {
    // { zones: [{ from: [globs of imported files], names?: [names], allow: [globs of importing files], message }] }
    // A file outside `allow` may not take a value (types are free) from a file in `from` — only `names`, if given.
    'only-from': {
      meta: { type: 'problem', schema: [{ type: 'object' }] },
      create(context) {
        const file = context.physicalFilename;
        const zones = (context.options[0]?.zones ?? []).filter((z) => !hit(mm(z.allow ?? []), file)).map((z) => ({ ...z, fromMm: mm(z.from) }));
        if (zones.length === 0) return {};
        return moduleVisitor(
          (source, node) => {
            const target = resolve(source.value, context);
            if (!target) return;
            for (const z of zones) {
              if (!hit(z.fromMm, target)) continue;
              const taken = namesTaken(node);
              const bad = z.names ? taken.filter((n) => n === '*' || z.names.includes(n)) : taken;
              if (bad.length) context.report({ node: source, message: `'${source.value}' (${bad.join(', ')}): ${z.message}` });
            }
          },
          { commonjs: true },
        );
      },
    },
    // { from: [globs], named: [globs], message }: no `export * from` such a file anywhere; a named re-export
    // (`export { f } from`, or `import { f } …; export { f }`) only in the files `named` lists (a module's service
    // choosing, one name at a time, what of its repository is public).
    'no-reexport': {
      meta: { type: 'problem', schema: [{ type: 'object' }] },
      create(context) {
        const from = mm(context.options[0]?.from ?? []);
        const namedOk = hit(mm(context.options[0]?.named ?? []), context.physicalFilename);
        const message = context.options[0]?.message ?? 're-export';
        const importedLocals = new Set();
        const restricted = (value) => {
          const target = resolve(value, context);
          return target && hit(from, target);
        };
        return {
          ImportDeclaration(node) {
            if (restricted(node.source.value)) for (const s of node.specifiers) importedLocals.add(s.local.name);
          },
          ExportAllDeclaration(node) {
            if (restricted(node.source.value)) context.report({ node, message });
          },
          ExportNamedDeclaration(node) {
            if (namedOk) return;
            if (node.source ? restricted(node.source.value) : node.specifiers.some((s) => importedLocals.has(s.local.name))) context.report({ node, message });
          },
          ExportDefaultDeclaration(node) {
            if (!namedOk && node.declaration.type === 'Identifier' && importedLocals.has(node.declaration.name)) context.report({ node, message });
          },
        };
      },
    },
  },
};

const noBarrel = { selector: 'Program', message: M.indexBarrel };
const inlineApiType = [
  { selector: 'CallExpression[callee.name=/^api(Raw)?$/] > TSTypeParameterInstantiation > TSTypeLiteral', message: M.inlineApiType },
  {
    selector: 'CallExpression[callee.name=/^api(Raw)?$/] > TSTypeParameterInstantiation > TSTypeReference > TSTypeParameterInstantiation TSTypeLiteral',
    message: M.inlineApiType,
  },
];

// ---------- server ----------
const S = 'apps/server/src';
const modules = dirs(`./${S}/modules`);
const testFiles = ['**/*.test.ts', `${S}/test/**`, `${S}/test-support/**`, `${S}/modules/*/testing/**`, '**/*-test-kit.ts'];

// Which module's repositories own each schema file (README "A table", step 4): `schema-<m>.ts` belongs to
// `modules/<m>`; the files below are named otherwise. A schema file with no owner stops lint with its name.
const namedOwners = {
  'schema-accounts.ts': ['modules/auth'],
  'schema-jobs.ts': ['lib/jobs'],
  // Knowledge sources/passages and the chatbot's own tables share this file until they are split.
  'schema-knowledge.ts': ['modules/knowledge', 'modules/chatbot'],
  'schema-user-counts.ts': ['modules/admin-users'],
  // Rooms at the door (issue 37): displays, QR check-in codes, minutes items.
  'schema-rooms-door.ts': ['modules/rooms'],
  // Booking rules and team quotas of rooms (issue 37).
  'schema-rooms-rules.ts': ['modules/rooms'],
  // Chatbot lookups (issue 29): the chatbot module's own tables, in a file of their own.
  'schema-chatbot-lookups.ts': ['modules/chatbot'],
  // End-user access of published APIs (issue 36, decision 090): JWT settings, roles, row filters.
  'schema-api-jwt.ts': ['modules/api-builder'],
  // The sealed originals of masked chatbot messages (issue 29, decision 082).
  'schema-chatbot-pii.ts': ['modules/chatbot'],
  // The chatbot's live hand-off (issue 29): office hours, presence, live chats.
  'schema-chatbot-handoff.ts': ['modules/chatbot'],
  // Custom roles, their members and 열람 records of admin apps (issue 36, decision 092).
  'schema-admin-roles.ts': ['modules/admin-builder'],
  // Saved views and row actions of admin apps (issue 36 round two).
  'schema-admin-views.ts': ['modules/admin-builder'],
  // Conversations as knowledge (decision 085): the passages are the knowledge module's, the re-index queue Slack's.
  'schema-conversations.ts': ['modules/knowledge', 'modules/slack'],
  // Actions from Slack (decision 088): the pending actions behind the assistant's buttons.
  'schema-slack-actions.ts': ['modules/slack'],
  // Where the assistant answers (decision 086): threads it answered in, Assistant panel threads.
  'schema-slack-dm.ts': ['modules/slack'],
  // Channel digests (decision 087): settings, subscriptions and the sent-log.
  'schema-slack-digest.ts': ['modules/slack'],
  // Company rules (decision 089): the article and paragraph of a knowledge passage.
  'schema-knowledge-rules.ts': ['modules/knowledge'],
  // Knowledge connectors (decision 089): Drive and Notion connections and their mirrored items.
  'schema-connectors.ts': ['modules/knowledge'],
};
const tableOwners = Object.fromEntries(
  readdirSync(new URL(`./${S}/db`, import.meta.url))
    .filter((f) => /^schema-.+\.ts$/.test(f))
    .map((f) => {
      const area = f.slice('schema-'.length, -'.ts'.length);
      const owners = namedOwners[f] ?? (modules.includes(area) ? [`modules/${area}`] : null);
      if (!owners) throw new Error(`eslint.boundaries.js: ${S}/db/${f} has no owning module; add it to namedOwners`);
      return [f, owners];
    }),
);
// `db/schema.ts` holds the first tables of several owners: checked table by table (the names a file imports).
const coreTableOwners = {
  'modules/auth': ['users', 'authSessions', 'refreshTokens', 'authTokens', 'consents'],
  'modules/seeds': ['seeds', 'seedMembers', 'seedInvitations'],
  'modules/usage': ['apiUsageDaily'],
  'modules/beta': ['betaApplications'],
  'modules/dev-outbox': ['devOutbox'],
  lib: ['auditLog'],
};
// Reads of another owner's tables that exist today (keyed by schema file, or by owner for db/schema.ts). May only
// shrink: fixing one means reading through the owner's service and deleting its line.
const tableDebt = {
  // Rooms moves its pending reminders to a new lead time, and adopts a previous release's room_jobs rows, in one
  // statement each that joins the job runner's table with bookings (set-based; the runner has no API for it yet).
  'schema-jobs.ts': [`${S}/modules/rooms/rooms.repository.ts`],
  // Joins on users for names and e-mail addresses, on seed members for membership, in one query with the owner's rows.
  'modules/auth': [
    `${S}/modules/admin-users/admin-users.repository.ts`,
    `${S}/modules/admin-users/admin-audit.repository.ts`,
    `${S}/modules/meal/meal.repository.ts`,
    `${S}/modules/overview/overview.repository.ts`,
    `${S}/modules/rooms/rooms.repository.ts`,
    `${S}/modules/rooms/bookings.repository.ts`,
    `${S}/modules/seeds/seeds.repository.ts`,
  ],
  'modules/seeds': [
    `${S}/modules/admin-users/admin-users.repository.ts`,
    `${S}/modules/overview/overview.repository.ts`,
    `${S}/modules/rooms/rooms.repository.ts`,
    `${S}/modules/rooms/bookings.repository.ts`,
  ],
  'modules/usage': [`${S}/modules/overview/overview.repository.ts`],
  // The admin's audit-log page reads the log; the sign-in statement (one round trip, decision 023) writes its audit row.
  lib: [`${S}/modules/admin-users/admin-audit.repository.ts`, `${S}/modules/auth/session.repository.ts`],
};

const serverZones = [
  // A module uses another module only through the service files at that module's root.
  ...modules.map((m) => ({
    target: `${S}/modules/${m}/**`,
    from: `${S}/modules/**`,
    except: [`${ROOT}/${S}/modules/${m}/**`, `${ROOT}/${S}/modules/*/*.service.ts`],
    message: M.crossModule,
  })),
  { target: `${S}/**/*.routes.ts`, from: `${S}/**/*.repository.ts`, message: M.routeRepo },
  { target: [`${S}/lib`, `${S}/plugins`, `${S}/adapters`, `${S}/state`], from: `${S}/modules`, message: M.libModule },
  { target: `${S}/**`, from: [`${S}/test`, `${S}/test-support`], message: M.testKit },
  { target: `${S}/**`, from: [`${S}/modules/*/testing/**`, `${S}/**/*-test-kit.ts`], message: M.testKit },
];
// Drizzle's schema files only in repositories and db/ (the drizzle-orm package itself: no-restricted-imports below).
const schemaZone = { target: [`${S}/!(db)/**/!(*.repository).ts`, `${S}/*.ts`], from: `${S}/db/schema*.ts`, message: M.drizzle };

const onlyFrom = {
  zones: [
    // createMailer: the composition root only, wherever the call would be (modules, lib, plugins, state).
    { from: [`${S}/adapters/mailer.ts`], names: ['createMailer'], allow: [`${S}/app.ts`, `${S}/cli/**`], message: M.oneMailer },
    { from: ['node_modules/nodemailer/**', 'node_modules/@types/nodemailer/**'], allow: [`${S}/adapters/mailer.ts`], message: M.smtp },
    ...Object.entries(tableOwners).map(([schema, owners]) => ({
      from: [`${S}/db/${schema}`],
      allow: [`${S}/db/**`, ...owners.map((o) => `${S}/${o}/**/*.repository.ts`), ...(tableDebt[schema] ?? [])],
      message: M.tableOwner,
    })),
    ...Object.entries(coreTableOwners).map(([owner, tables]) => ({
      from: [`${S}/db/schema.ts`],
      names: tables,
      allow: [`${S}/db/**`, `${S}/${owner}/**/*.repository.ts`, ...(tableDebt[owner] ?? [])],
      message: M.tableOwner,
    })),
  ],
};

// Wall-clock reads in modules (the app's clock instead; issue 28).
const appClock = [
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: M.appClock },
  { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: M.appClock },
];

const drizzlePackage = { 'no-restricted-imports': ['error', { patterns: [{ regex: '^drizzle-orm(/.*)?$', message: M.drizzle }] }] };
const serverBlocks = [
  {
    files: [`${S}/**/*.ts`],
    ignores: testFiles,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...serverZones, schemaZone] }],
      'house/only-from': ['error', onlyFrom],
      'house/no-reexport': ['error', { from: [`${S}/**/*.repository.ts`], named: [`${S}/modules/*/*.service.ts`, `${S}/lib/*.ts`], message: M.barrel }],
    },
  },
  // Drizzle itself: repositories and db/ only.
  { files: [`${S}/**/*.ts`], ignores: [...testFiles, `${S}/**/*.repository.ts`, `${S}/db/**`], rules: drizzlePackage },
  // Time that decides behaviour or is stored comes from the app's clock (issue 28): tests move it, two instances agree.
  {
    files: [`${S}/modules/**/*.ts`],
    ignores: testFiles,
    rules: {
      'no-restricted-syntax': ['error', ...appClock],
    },
  },
  // No barrel files on the server (nor inside web features: below, with the web's other syntax rule).
  // ESLint keeps one option list per rule: a module's index.ts gets the clock rule too.
  { files: [`${S}/**/index.ts`], rules: { 'no-restricted-syntax': ['error', noBarrel, ...appClock] } },
  // Periodic work goes through the one job runner (decision 013): no module keeps its own timer.
  {
    files: [`${S}/modules/**/*.ts`],
    ignores: testFiles,
    rules: { 'no-restricted-globals': ['error', { name: 'setInterval', message: M.oneRunner }] },
  },
];

// ---------- web ----------
const W = 'apps/web/src';
const features = dirs(`./${W}/features`);
const webZones = [
  // bulletproof-react's zones: feature ↔ feature, and components/lib → features → app.
  ...features.map((f) => ({ target: `${W}/features/${f}`, from: `${W}/features`, except: [`./${f}`], message: M.crossFeature })),
  { target: `${W}/features`, from: `${W}/app`, message: M.upward },
  { target: [`${W}/components`, `${W}/lib`, `${W}/widget`], from: [`${W}/features`, `${W}/app`], message: M.upward },
];
const webBlocks = [
  { files: [`${W}/**/*.{ts,tsx}`], rules: { 'import-x/no-restricted-paths': ['error', { zones: webZones }] } },
  // Answer types come from the shared schemas (decision 025): no `api<{ … }>` / `apiRaw<{ … }>` literal type.
  {
    files: [`${W}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...inlineApiType],
    },
  },
  // No barrel files inside features (ARCHITECTURE habit 8). ESLint keeps one option list per rule: both lists here.
  { files: [`${W}/features/**/index.{ts,tsx}`], rules: { 'no-restricted-syntax': ['error', noBarrel, ...inlineApiType] } },
];

// ---------- both: resolver and cycles ----------
const common = {
  files: [`${S}/**/*.ts`, `${W}/**/*.{ts,tsx}`, 'packages/shared/src/**/*.ts'],
  plugins: { 'import-x': importX, house },
  settings: {
    'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
    'import-x/external-module-folders': ['node_modules'],
    'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
    'import-x/resolver-next': [
      createTypeScriptImportResolver({
        project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/shared/tsconfig.json'],
        noWarnOnMultipleProjects: true,
      }),
    ],
  },
};
// No import cycles (the auth ↔ seeds one is gone). Tests are leaves that nothing imports, so no cycle runs through
// them: they are not walked (a third of the lint time otherwise). maxDepth bounds each walk: the layers are shallow
// and a real cycle here is 2–4 files long.
const noCycle = {
  files: common.files,
  ignores: [...testFiles, '**/*.test.tsx'],
  rules: { 'import-x/no-cycle': ['error', { maxDepth: 6, ignoreExternal: true }] },
};

export const boundaries = [common, noCycle, ...serverBlocks, ...webBlocks];
