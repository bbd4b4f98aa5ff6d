// Pictures of the real screens for the home page, rendered from the app itself (issue 17, item 14).
//   npm run build && npm run screens:home
// Starts the built app on a throw-away database with the fake Slack and language model of the end-to-end tests
// (ports SCREENS_PORT, +1, +2; default 3510), makes an admin, connects a Slack workspace through the real OAuth
// flow, adds meeting rooms and today's bookings through the API, then photographs the console screens in light and
// dark and writes them as WebP (480 and 960 px wide) to apps/web/src/features/site/assets/screens/.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const port = Number(process.env.SCREENS_PORT ?? 3510);
const base = `http://127.0.0.1:${port}`;
const out = new URL('../apps/web/src/features/site/assets/screens/', import.meta.url).pathname;
const password = 'Screens2026x';
const children = [];
const run = (args, env = {}) => {
  const c = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(c);
  return c;
};
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('exit', stop);

async function waitFor(url) {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not come up`);
}

async function call(method, path, body, token) {
  const res = await fetch(base + path, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

run(['apps/server/src/modules/slack/testing/serve-fakes.ts', String(port + 1), String(port + 2), 'screens-client', 'screens-secret']);
run(['apps/server/src/main.ts'], {
  PORT: String(port),
  HOST: '127.0.0.1',
  APP_URL: base,
  DATA_DIR: mkdtempSync(join(tmpdir(), 'suite-screens-')),
  LOG_LEVEL: 'warn',
  SLACK_CLIENT_ID: 'screens-client',
  SLACK_CLIENT_SECRET: 'screens-secret',
  SLACK_SIGNING_SECRET: 'screens-signing',
  SLACK_API_URL: `http://127.0.0.1:${port + 1}/api`,
  SLACK_AUTHORIZE_URL: `http://127.0.0.1:${port + 1}/oauth/v2/authorize`,
  LLM_BASE_URL: `http://127.0.0.1:${port + 2}/v1`,
  LLM_MODEL: 'fake-model',
  LLM_API_KEY: 'screens',
});
await waitFor(`${base}/api/ready`);

// The first account is the admin; its address is confirmed through the development outbox.
const email = 'demo@company-tools.example';
await call('POST', '/api/auth-signup', { email, password, full_name: '김하늘', marketing_consent: false, terms: true, age_bracket: '14_or_over' });
const mail = await call('GET', `/dev/outbox?to=${encodeURIComponent(email)}`);
const token = new URL(mail.messages[0].links.find((l) => l.includes('/auth/confirm'))).searchParams.get('token');
await call('POST', '/api/auth/confirm-email', { token });
const { tokens } = await call('POST', '/api/auth-login', { email, password });

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = async (scheme) => {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 750 }, locale: 'ko-KR', timezoneId: 'Asia/Seoul', colorScheme: scheme });
  await ctx.addInitScript((t) => {
    localStorage.setItem('__access_token', t.access_token);
    localStorage.setItem('__refresh_token', t.refresh_token);
  }, tokens);
  return ctx;
};

// Slack: the real connection flow against the fake Slack (it also makes the admin's first seed).
{
  const ctx = await context('light');
  const page = await ctx.newPage();
  await page.goto(`${base}/slack-ai`);
  await page.getByRole('button', { name: '내 워크스페이스 연결하기' }).click();
  await page.getByRole('link', { name: 'Allow' }).click();
  await page.waitForURL(/status=success/);
  await ctx.close();
}
const seeds = await call('GET', '/api/seeds', undefined, tokens.access_token);
const seedId = (seeds.data ?? seeds)[0].id;
const [workspace] = (await call('GET', '/api/slack/workspaces', undefined, tokens.access_token)).data ?? [];
if (workspace) {
  await call(
    'POST',
    `/api/slack/workspaces/${workspace.id}/documents`,
    { title: '휴가 규정', kind: 'markdown', content: '# 연차\n연차는 입사일 기준으로 15일이 주어집니다. 신청은 팀장 승인 후 확정됩니다.' },
    tokens.access_token,
  ).catch(() => undefined);
}

// Meeting rooms, open every day, and a few of today's bookings (Seoul time).
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
const at = (hhmm) => new Date(`${today}T${hhmm}:00+09:00`).toISOString();
const rooms = [];
for (const [name, capacity, location] of [
  ['대회의실', 12, '3층'],
  ['포커스룸 A', 4, '3층'],
  ['포커스룸 B', 4, '4층'],
  ['라운지', 8, '4층'],
]) {
  rooms.push(
    (
      await call(
        'POST',
        `/api/seeds/${seedId}/rooms`,
        { name, capacity, location, weekdays: [1, 2, 3, 4, 5, 6, 7], openMinute: 480, closeMinute: 1320 },
        tokens.access_token,
      )
    ).data,
  );
}
for (const [room, title, from, to] of [
  [0, '주간 기획 회의', '09:00', '10:30'],
  [1, '채용 인터뷰', '11:00', '12:00'],
  [0, '고객사 데모', '14:00', '15:00'],
  [2, '1:1 미팅', '10:00', '10:30'],
  [3, '스프린트 회고', '16:00', '17:30'],
  [1, '디자인 리뷰', '15:00', '16:00'],
]) {
  await call('POST', `/api/seeds/${seedId}/bookings`, { roomId: rooms[room].id, title, startsAt: at(from), endsAt: at(to) }, tokens.access_token).catch((e) =>
    console.warn(e.message),
  );
}

const SCREENS = [
  { name: 'slack-ai', path: '/admin/services/slack-ai' },
  { name: 'meeting-room', path: `/admin/services/schedule?date=${today}` },
];
mkdirSync(out, { recursive: true });
for (const scheme of ['light', 'dark']) {
  const ctx = await context(scheme);
  const page = await ctx.newPage();
  for (const s of SCREENS) {
    // (The schedule keeps a live event stream open: the network is never idle.)
    await page.goto(base + s.path, { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForFunction(() => !/로딩 중|불러오는 중/.test(document.querySelector('main')?.textContent ?? ''), undefined, { timeout: 15_000 });
    await page.waitForTimeout(1000);
    const png = await page.screenshot({ type: 'png' });
    // WebP through the browser's own encoder, at the two widths the home page's srcset offers.
    for (const width of [480, 960]) {
      const dataUrl = await page.evaluate(
        async ({ b64, width }) => {
          const img = new Image();
          img.src = `data:image/png;base64,${b64}`;
          await img.decode();
          const c = document.createElement('canvas');
          c.width = width;
          c.height = Math.round((img.height * width) / img.width);
          const g = c.getContext('2d');
          g.imageSmoothingQuality = 'high';
          g.drawImage(img, 0, 0, c.width, c.height);
          return c.toDataURL('image/webp', 0.8);
        },
        { b64: png.toString('base64'), width },
      );
      const file = join(out, `${s.name}-${scheme}-${width}.webp`);
      writeFileSync(file, Buffer.from(dataUrl.split(',')[1], 'base64'));
      console.log(file);
    }
  }
  await ctx.close();
}
await browser.close();
stop();
process.exit(0);
