import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3000';
const j = async (path, body, token, method = 'POST') => { const r = await fetch(base + path, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined }); const t = await r.text(); if (!r.ok) throw new Error(path + ' ' + r.status + ' ' + t); return JSON.parse(t); };
const email = `shot${Date.now()}@example.com`, password = 'Haneul2026xy';
const su = await j('/api/auth-signup', { email, password, full_name: '김화면', marketing_consent: false, terms: true });
const token = su.tokens.access_token;
const seed = (await j('/api/seeds', { seed_name: '화면 점검' }, token)).data;
const bot = await j(`/api/seeds/${seed.id}/chatbots`, { name: '쇼핑몰 상담봇', allowedOrigins: ['https://shop.example'] }, token);
const botId = bot.id ?? bot.data?.id;
await j(`/api/seeds/${seed.id}/chatbots/${botId}/sources`, { type: 'faq', question: '배송은 얼마나 걸리나요?', answer: '평일 기준 2~3일 걸립니다.' }, token);
await j(`/api/seeds/${seed.id}/chatbots/${botId}/sources`, { type: 'text', title: '환불 정책', content: '구매 후 7일 이내에 환불을 요청할 수 있습니다. 사용한 상품은 환불되지 않습니다.' }, token);
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const w of [360, 1440]) {
  const ctx = await b.newContext({ viewport: { width: w, height: 900 } });
  const p = await ctx.newPage();
  await p.goto(base + '/login');
  await p.fill('input[name=email]', email); await p.fill('input[name=password]', password);
  await p.keyboard.press('Enter');
  await p.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 15000 });
  await p.evaluate((s) => localStorage.setItem('selected-seed', JSON.stringify({ id: s.id, seed_name: s.seed_name, created_at: s.created_at })), seed);
  for (const path of ['/admin/services/ai-chatbot', '/admin/services/slack-ai']) {
    await p.goto(base + path); await p.waitForTimeout(2500);
    const name = `/tmp/shot-${path.split('/').pop()}-${w}.png`;
    await p.screenshot({ path: name, fullPage: true }); console.log(name);
  }
  // sources tab of the chatbot if any
  const tab = p.getByRole('tab', { name: /자료|지식|소스/ });
  await p.goto(base + '/admin/services/ai-chatbot'); await p.waitForTimeout(2000);
  if (await tab.count()) { await tab.first().click(); await p.waitForTimeout(1500); await p.screenshot({ path: `/tmp/shot-bot-sources-${w}.png`, fullPage: true }); console.log('sources', w); }
  else console.log('tabs:', await p.getByRole('tab').allInnerTexts());
}
await b.close();
