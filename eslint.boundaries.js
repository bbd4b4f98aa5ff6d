// Architecture boundaries as lint errors (decision 024). Built on ESLint's own `no-restricted-imports` with
// regex patterns, generated from the folder layout, so a new module or feature is covered without editing this file.
// ESLint keeps only the last options of a rule per file, so every file group below gets ONE combined list.
import { readdirSync } from 'node:fs';

const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// ---------- messages ----------
const M = {
  crossFeature: '기능(feature)끼리는 서로 import하지 않습니다. 두 기능이 함께 쓰는 것은 src/components/ 또는 src/lib/로 옮기세요.',
  upward: 'components/·lib/는 features/·app/을, features/는 app/을 import하지 않습니다 (components/lib → features → app).',
  crossModule: '다른 모듈은 그 모듈의 공개 파일 <모듈>.service.ts로만 사용합니다 (repository·내부 파일 직접 import 금지).',
  routeRepo: 'routes는 repository를 직접 부르지 않습니다: routes → service → repository → db.',
  drizzle: 'Drizzle(drizzle-orm, db 스키마)은 repository·db·마이그레이션·test-support에서만 씁니다.',
  testKit: '테스트 키트·가짜 서버(test-support/, testing/, *-test-kit)는 제품 코드에서 import하지 않습니다.',
  libModule: 'lib/·plugins/·adapters/는 공용 기반입니다: modules/를 import하지 않습니다.',
  oneMailer: '메일러는 buildApp에서 한 번 만들어 ctx.mailer로 넘깁니다: 모듈에서 createMailer를 부르지 않습니다.',
  inlineApiType: 'API 응답 타입은 packages/shared/src/schemas의 zod 스키마에서 가져옵니다: api<{ … }>처럼 그 자리에서 타입을 쓰지 않습니다 (결정 025).',
  oneRunner: '주기 작업은 setInterval 대신 잡 러너에 등록합니다: lib/jobs/catalogue.ts의 SCHEDULES에 추가하고 jobs.every(이름, 작업)을 부르세요.',
};

// ---------- server ----------
const S = 'apps/server/src';
const testFiles = ['**/*.test.ts', `${S}/test/**`, `${S}/test-support/**`, `${S}/modules/*/testing/**`, '**/*-test-kit.ts'];
const testKit = { regex: '(^|/)(test-support|testing|test)/|-test-kit(\\.ts)?$', message: M.testKit };
const drizzle = [
  { regex: '^drizzle-orm(/.*)?$', message: M.drizzle },
  { regex: '(^|/)db/schema[^/]*(\\.ts)?$', message: M.drizzle },
];
const routeRepo = { regex: '\\.repository(\\.ts)?$', message: M.routeRepo };
// One of each shared resource, built in buildApp (app.ts) and handed to modules through ctx.
const oneMailer = { regex: '(^|/)adapters/mailer(\\.ts)?$', importNames: ['createMailer'], message: M.oneMailer };
// From a file `depth` folders below modules/<mod>/: an import that leaves <mod> for another module must end in .service.ts
const crossModule = (mod, depth) => ({
  regex: `^${'\\.\\./'.repeat(depth)}(?!${esc(mod)}/)[^./][^/]*/(?![^/]+\\.service\\.ts$)`,
  message: M.crossModule,
});

const rule = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const serverBlocks = [];
for (const mod of dirs(`./${S}/modules`)) {
  for (const depth of [1, 2, 3]) {
    const base = `${S}/modules/${mod}/${'*/'.repeat(depth - 1)}`;
    const cm = crossModule(mod, depth);
    serverBlocks.push(
      { files: [`${base}*.ts`], ignores: testFiles, rules: rule([cm, testKit, oneMailer, ...drizzle]) },
      { files: [`${base}*.repository.ts`], ignores: testFiles, rules: rule([cm, testKit, oneMailer]) },
      { files: [`${base}*.routes.ts`], ignores: testFiles, rules: rule([cm, testKit, oneMailer, routeRepo, ...drizzle]) },
    );
  }
}
// Periodic work goes through the one job runner (decision 013): no module keeps its own timer.
serverBlocks.push({
  files: [`${S}/modules/**/*.ts`],
  ignores: testFiles,
  rules: { 'no-restricted-globals': ['error', { name: 'setInterval', message: M.oneRunner }] },
});
const infra = [`${S}/lib/**/*.ts`, `${S}/plugins/**/*.ts`, `${S}/adapters/**/*.ts`];
serverBlocks.push(
  {
    files: infra,
    ignores: testFiles,
    rules: rule([testKit, ...drizzle, { regex: '(^|/)modules/', message: M.libModule }]),
  },
  {
    files: [`${S}/lib/**/*.repository.ts`],
    ignores: testFiles,
    rules: rule([testKit, { regex: '(^|/)modules/', message: M.libModule }]),
  },
  // composition roots and the rest of the server: only the test-kit rule (Drizzle allowed in db/)
  { files: [`${S}/*.ts`, `${S}/cli/**/*.ts`, `${S}/state/**/*.ts`], ignores: testFiles, rules: rule([testKit, ...drizzle]) },
  { files: [`${S}/db/**/*.ts`], ignores: testFiles, rules: rule([testKit]) },
);

// ---------- web ----------
const W = 'apps/web/src';
const webBlocks = [
  {
    files: [`${W}/components/**/*.{ts,tsx}`, `${W}/lib/**/*.{ts,tsx}`],
    rules: rule([{ regex: '^(@/|(\\.\\./)+)(features|app)(/|$)', message: M.upward }]),
  },
  ...dirs(`./${W}/features`).map((f) => ({
    files: [`${W}/features/${f}/**/*.{ts,tsx}`],
    rules: rule([
      { regex: '^(@/|(\\.\\./)+)app(/|$)', message: M.upward },
      { regex: `^@/features/(?!${esc(f)}(/|$))`, message: M.crossFeature },
      // relative paths may not climb out of the feature (use @/components, @/lib)
      { regex: '^\\.\\./\\.\\.(/|$)', message: M.crossFeature },
    ]),
  })),
];

// Answer types come from the shared schemas (decision 025): no `api<{ … }>` / `apiRaw<{ … }>` literal type.
webBlocks.push({
  files: [`${W}/**/*.{ts,tsx}`],
  ignores: ['**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: 'CallExpression[callee.name=/^api(Raw)?$/] > TSTypeParameterInstantiation > TSTypeLiteral', message: M.inlineApiType },
      {
        selector: 'CallExpression[callee.name=/^api(Raw)?$/] > TSTypeParameterInstantiation > TSTypeReference > TSTypeParameterInstantiation TSTypeLiteral',
        message: M.inlineApiType,
      },
    ],
  },
});

// The layering debt that existed when these rules arrived (decision 024) is paid off: every file follows them.
export const boundaries = [...serverBlocks, ...webBlocks];
