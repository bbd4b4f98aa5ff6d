/**
 * The guides' samples cannot rot (issue 33): every fenced block marked `sh test` or `js test` in ./guides runs against
 * the app listening on loopback, after the fixtures it needs exist (a customer PostgreSQL database published through
 * the API builder with a key, a chatbot with FAQ entries, a calendar feed, a signed webhook). `sh` samples run in bash
 * with `curl -f` (a non-2xx answer fails them); `js` samples run as ES modules with this Node, importing
 * @supabase/postgrest-js from the repository's node_modules.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestContext } from '../../test/helpers.ts';
import { skippedSuite } from '../../test/skip.ts';
import { createCustomerDb, customerServersUp, listenOnLoopback, publishedShop, type TCustomerDb } from '../api-builder/testing/api-builder-kit.ts';
import { signWebhook } from '../notifications/webhook.ts';
import { testedSamples, type TSample } from './docs-render.ts';
import { readGuideSources } from './docs.service.ts';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('../../../../../', import.meta.url));
const guides = readGuideSources();
const cases = guides.flatMap((g) => testedSamples(g.body).map((s) => [`${g.slug}.md:${s.line} (${s.lang})`, s] as const));

/** Runs one sample with its placeholders filled; rejects (with its output) when it exits non-zero. */
async function runSample(sample: TSample, vars: Record<string, string>, dir: string): Promise<string> {
  const code = sample.code.replace(/\{\{([A-Z_]+)\}\}/g, (m, name: string) => vars[name] ?? m);
  if (/\{\{[A-Z_]+\}\}/.test(code)) throw new Error(`unfilled placeholder in:\n${code}`);
  const env = { ...process.env, ...vars };
  try {
    if (sample.lang === 'sh') return (await run('bash', ['-euo', 'pipefail', '-c', code], { env, timeout: 30_000 })).stdout;
    const file = join(dir, `sample-${Math.random().toString(36).slice(2)}.mjs`);
    writeFileSync(file, code);
    return (await run(process.execPath, [file], { env, cwd: REPO, timeout: 30_000 })).stdout;
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`sample failed: ${err.message}\n--- stdout\n${err.stdout ?? ''}\n--- stderr\n${err.stderr ?? ''}`, { cause: e });
  }
}

describe('the guides carry tested samples', () => {
  it('each guide has at least one, and every curl in an sh sample fails on a non-2xx answer', () => {
    for (const g of guides) expect(testedSamples(g.body).length, g.slug).toBeGreaterThan(0);
    expect(cases.length).toBeGreaterThanOrEqual(12);
    expect(cases.some(([, s]) => s.lang === 'js' && s.code.includes('@supabase/postgrest-js'))).toBe(true);
    for (const [name, s] of cases) {
      if (s.lang !== 'sh') continue;
      const curls = s.code.split('\n').filter((l) => /\bcurl\b/.test(l));
      for (const l of curls) expect(l, name).toMatch(/curl -fsS\b/);
    }
  });
});

/** The shell tools the sh samples use (as a reader would): reported as a skipped suite when missing, like a server. */
const missingTools = ['bash', 'curl', 'jq'].filter((tool) => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return false;
  } catch {
    return true;
  }
});
if (missingTools.length) skippedSuite(`guide samples need ${missingTools.join(', ')} on PATH (apt-get install ${missingTools.join(' ')}): skipped`);

if (missingTools.length === 0 && customerServersUp('postgres')) {
  describe('guide samples against a running server', () => {
    let t: TTestContext;
    let db: TCustomerDb;
    let dir: string;
    const vars: Record<string, string> = {};

    beforeAll(async () => {
      dir = mkdtempSync(join(REPO, 'node_modules', '.docs-samples-'));
      t = await createTestApp('pglite', { jobs: false });
      db = await createCustomerDb('postgres');
      const shop = await publishedShop(t, db);
      const base = await listenOnLoopback(t);
      const bot = await shop.o('POST', `/api/seeds/${shop.seedId}/chatbots`, { name: '문서 예제 봇', allowedOrigins: ['https://shop.example'] });
      expect(bot.status).toBe(201);
      const botId = bot.body.id as string;
      for (const f of [
        { question: '배송은 보통 며칠 걸리나요?', answer: '결제 후 평일 기준 1~3일 안에 받으실 수 있어요.' },
        { question: '배송비는 얼마인가요?', answer: '기본 배송비는 3,000원이고 3만 원 이상은 무료예요.' },
      ]) {
        const r = await shop.o('POST', `/api/seeds/${shop.seedId}/chatbots/${botId}/sources`, { type: 'faq', ...f });
        expect(r.status).toBe(201);
      }
      const secret = 'whsec_docs_sample';
      const body = JSON.stringify({ event: 'alert.opened', text: '5xx 비율이 기준을 넘었어요.' });
      const timestamp = 1_790_000_000;
      Object.assign(vars, {
        BASE: base,
        API_ID: shop.apiId,
        API_KEY: shop.key,
        BOT_ID: botId,
        TOKEN: shop.owner.token,
        WEBHOOK_SECRET: secret,
        WEBHOOK_BODY: body,
        WEBHOOK_TIMESTAMP: String(timestamp),
        WEBHOOK_SIGNATURE: signWebhook(secret, timestamp, body),
      });
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await db?.drop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    /** A feed address made just before the sample that reads it (a sample before it may have replaced the feed). */
    async function freshFeedUrl(): Promise<string> {
      const res = await fetch(`${vars.BASE}/api/me/calendar-feed`, { method: 'POST', headers: { authorization: `Bearer ${vars.TOKEN}` } });
      expect(res.status).toBe(201);
      const url = new URL(((await res.json()) as { url: string }).url);
      return `${vars.BASE}${url.pathname}`;
    }

    it.each(cases)('%s runs and succeeds', async (_name, sample) => {
      const own = sample.code.includes('{{FEED_URL}}') ? { ...vars, FEED_URL: await freshFeedUrl() } : vars;
      const out = await runSample(sample, own, dir);
      expect(out.length).toBeGreaterThan(0);
    });

    it('a sample that meets an error answer fails (the runner is not blind)', async () => {
      const broken: TSample = { lang: 'sh', line: 0, code: 'curl -fsS "$BASE/api/v1/$API_ID/secrets" -H "apikey: $API_KEY"\n' };
      await expect(runSample(broken, vars, dir)).rejects.toThrow(/sample failed/);
      const badJs: TSample = {
        lang: 'js',
        line: 0,
        code: "import { PostgrestClient } from '@supabase/postgrest-js';\nconst r = await new PostgrestClient('{{BASE}}/api/v1/{{API_ID}}', { headers: { apikey: 'wrong' } }).from('customers').select();\nif (r.error) throw new Error(r.error.message);\n",
      };
      await expect(runSample(badJs, vars, dir)).rejects.toThrow(/sample failed/);
    });

    it('the data API samples left the customer table as they found it', async () => {
      expect(await db.query('SELECT id FROM customers WHERE id IN (901, 902)')).toEqual([]);
    });
  });
}
