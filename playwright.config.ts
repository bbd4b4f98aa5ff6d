import { defineConfig, devices } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_COMPANY } from './apps/web/e2e/fixtures/company';

const port = Number(process.env.E2E_PORT ?? 3199);
/** The fake Slack and the fake language model (loopback) the chat AI specs drive: the next two ports. */
const fakeSlackPort = port + 1;
const fakeLlmPort = port + 2;
/** The fake Kakao and Naver Login (loopback), one process for both providers. */
const fakeOAuthPort = port + 3;
const fakeOAuthUrl = `http://127.0.0.1:${fakeOAuthPort}`;
/**
 * The fake billing services (apps/server/src/test-support/serve-fake-billing.ts): Toss Payments on port + 6, Popbill on
 * port + 7 and the NTS business-status API on port + 8 (port + 5 and port + 10 are the chatbot specs' customer sites), with the fakes' own keys (their testing modules). The billing
 * spec registers its buyer's 사업자등록번호 at the fake NTS (E2E_FAKE_NTS_URL) and pays virtual accounts at the fake Toss
 * (E2E_FAKE_TOSS_URL).
 */
const fakeBillingPort = port + 6;
const fakeTossUrl = `http://127.0.0.1:${fakeBillingPort}`;
const fakePopbillUrl = `http://127.0.0.1:${fakeBillingPort + 1}`;
const fakeNtsUrl = `http://127.0.0.1:${fakeBillingPort + 2}`;
process.env.E2E_FAKE_NTS_URL = fakeNtsUrl;
process.env.E2E_FAKE_TOSS_URL = fakeTossUrl;
const E2E_SLACK = { clientId: 'e2e-client', clientSecret: 'e2e-secret', signingSecret: 'e2e-signing-secret', fakeUrl: `http://127.0.0.1:${fakeSlackPort}` };
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'suite-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

/**
 * On PostgreSQL the end-to-end server gets a database of its own, made once per run (the config is read by every
 * worker; they inherit the URL) and dropped by the global teardown, so each run starts from an empty instance.
 */
if (process.env.TEST_DATABASE_URL && !process.env.E2E_DATABASE_URL) {
  const name = `suite_e2e_${Date.now().toString(36)}`;
  const script = `const pg=require('pg');const c=new pg.Client({connectionString:process.argv[1]});c.connect().then(()=>c.query('CREATE DATABASE ${name}')).then(()=>c.end()).catch(e=>{console.error(e.message);process.exit(1)})`;
  execFileSync(process.execPath, ['-e', script, process.env.TEST_DATABASE_URL], { cwd: 'apps/server', stdio: 'inherit' });
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  process.env.E2E_DATABASE_URL = url.toString();
}

/**
 * With Redis, the end-to-end server gets a Redis database of its own (1–15, picked per run and emptied first): rate
 * limits and mail counters of an earlier run (the same fixed admin address, the same loopback address) would
 * otherwise carry over into this one.
 */
if (process.env.REDIS_URL && !process.env.E2E_REDIS_URL) {
  const url = new URL(process.env.REDIS_URL);
  url.pathname = `/${1 + Math.floor(Math.random() * 15)}`;
  const script = `const R=require('ioredis');const r=new R(process.argv[1],{lazyConnect:true,maxRetriesPerRequest:1});r.connect().then(()=>r.flushdb()).then(()=>r.quit()).catch(e=>{console.error(e.message);process.exit(1)})`;
  execFileSync(process.execPath, ['-e', script, url.toString()], { cwd: 'apps/server', stdio: 'inherit' });
  process.env.E2E_REDIS_URL = url.toString();
}

/**
 * Every test makes its own data (apps/web/e2e/fixtures/test.ts: a fresh user, seed, admin), so tests run in parallel
 * workers against the one server and database: two, the CI runner's cores (E2E_WORKERS overrides, e.g. 1 to debug).
 */
export default defineConfig({
  testDir: './apps/web/e2e',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  globalTeardown: './apps/web/e2e/global.teardown.ts',
  projects: [
    // The first account on an empty instance becomes the platform admin: the setup project makes it.
    { name: 'setup', testMatch: /global\.setup\.ts/ },
    { name: 'chromium', dependencies: ['setup'], grepInvert: /@instance/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    // Tests tagged @instance change a setting of the whole instance (every admin must use a second factor): they run
    // after every other test, so none of those sees the setting.
    { name: 'instance-wide', dependencies: ['chromium'], grep: /@instance/, use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: [
    {
      command: `node apps/server/src/modules/slack/testing/serve-fakes.ts ${fakeSlackPort} ${fakeLlmPort} ${E2E_SLACK.clientId} ${E2E_SLACK.clientSecret}`,
      url: `${E2E_SLACK.fakeUrl}/_fake/posts`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node apps/server/src/test-support/serve-fake-oauth.ts ${fakeOAuthPort}`,
      url: `${fakeOAuthUrl}/_fake/ready`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node apps/server/src/test-support/serve-fake-billing.ts ${fakeBillingPort}`,
      url: `${fakeTossUrl}/v1/payment`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The built app, started as `npm start` starts it (the build ran just before).
      command: 'node apps/server/src/main.ts',
      url: `http://127.0.0.1:${port}/api/ready`,
      // A loaded machine (several test runs at once) can take over a minute to migrate a fresh database and start.
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // Playwright's API requests stand for many clients behind a proxy on loopback (fixtures/users.ts).
        TRUST_PROXY: '127.0.0.1',
        // Test-only routes (POST /dev/test/reset-throttles: the one-a-minute mail limit of an address, fixtures/test.ts).
        // Set here only: without it the routes do not exist, and the server refuses the flag in production (config.ts).
        E2E_TEST_HOOKS: 'true',
        ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
        ...(process.env.E2E_REDIS_URL ? { REDIS_URL: process.env.E2E_REDIS_URL } : {}),
        // A build elsewhere than apps/web/dist (parallel runs on one machine must not share one).
        ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
        // Chat AI for Slack against the fakes above.
        SLACK_CLIENT_ID: E2E_SLACK.clientId,
        SLACK_CLIENT_SECRET: E2E_SLACK.clientSecret,
        SLACK_SIGNING_SECRET: E2E_SLACK.signingSecret,
        SLACK_API_URL: `${E2E_SLACK.fakeUrl}/api`,
        SLACK_AUTHORIZE_URL: `${E2E_SLACK.fakeUrl}/oauth/v2/authorize`,
        LLM_BASE_URL: `http://127.0.0.1:${fakeLlmPort}/v1`,
        LLM_MODEL: 'fake-model',
        LLM_API_KEY: 'e2e-llm-key',
        // Kakao and Naver Login against the fake above (client ids and secrets: FAKE_OAUTH_CLIENTS).
        KAKAO_CLIENT_ID: 'fake-kakao-client',
        KAKAO_CLIENT_SECRET: 'fake-kakao-secret',
        KAKAO_AUTHORIZE_URL: `${fakeOAuthUrl}/oauth/authorize`,
        KAKAO_TOKEN_URL: `${fakeOAuthUrl}/oauth/token`,
        KAKAO_USERINFO_URL: `${fakeOAuthUrl}/v2/user/me`,
        NAVER_CLIENT_ID: 'fake-naver-client',
        NAVER_CLIENT_SECRET: 'fake-naver-secret',
        NAVER_AUTHORIZE_URL: `${fakeOAuthUrl}/oauth2.0/authorize`,
        NAVER_TOKEN_URL: `${fakeOAuthUrl}/oauth2.0/token`,
        NAVER_USERINFO_URL: `${fakeOAuthUrl}/v1/nid/me`,
        // Billing against the fakes above: Toss (cards in its fake window, charges), Popbill (세금계산서), NTS (사업자 상태).
        TOSS_CLIENT_KEY: 'test_ck_fake_toss_client_key',
        TOSS_SECRET_KEY: 'test_sk_fake_toss_secret_key',
        TOSS_API_URL: fakeTossUrl,
        TOSS_SDK_URL: `${fakeTossUrl}/v1/payment`,
        POPBILL_LINK_ID: 'FAKE_LINK',
        POPBILL_SECRET_KEY: Buffer.from('fake-popbill-secret-key-32-bytes').toString('base64'),
        POPBILL_CORP_NUM: '2208162517',
        POPBILL_API_URL: fakePopbillUrl,
        POPBILL_AUTH_URL: fakePopbillUrl,
        NTS_BIZ_API_URL: fakeNtsUrl,
        NTS_BIZ_API_KEY: 'fake-nts-service-key',
        // Custom domains' DNS checks stay on loopback (nothing answers on port + 9: a check fails at once, offline).
        DNS_SERVERS: `127.0.0.1:${port + 9}`,
        // The operator's legal details (footer, terms, privacy policy), as production requires them.
        ...E2E_COMPANY,
      },
    },
  ],
});
