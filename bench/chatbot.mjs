// Customer AI chatbot (issue 14): time to the first streamed part and to the full answer for 20 conversations asking
// at once, through the public conversation API (SSE), with the local fake model server (apps/server/src/modules/
// slack/testing/fake-llm.ts: streams a fixed-form answer in 12-character pieces, no thinking time) and in basic mode
// (no model). Starts its own server on PGlite and appends its section to bench/RESULTS.md. Run alone:
// `node bench/chatbot.mjs`.
import { appendFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { startServer } from './http.mjs';
import { startFakeLlm } from '../apps/server/src/modules/slack/testing/fake-llm.ts';
import { FAQ, PARAPHRASES } from '../apps/server/src/modules/chatbot/testing/faq-set.ts';

const port = 3296;
const base = `http://127.0.0.1:${port}`;
const ORIGIN = 'https://shop.example';
const CONCURRENT = 20;
const ROUNDS = 3;

async function json(path, opts = {}) {
  const res = await fetch(`${base}${path}`, {
    method: opts.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.origin ? { origin: opts.origin } : {}),
    },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** One question over SSE: ms to the first `part` event and to the `done` event. */
async function ask(botId, conv, text) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/chatbot/${botId}/conversations/${conv.conversationId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${conv.token}`, origin: ORIGIN },
    body: JSON.stringify({ text }),
  });
  if (!res.ok) throw new Error(`ask: ${res.status} ${await res.text()}`);
  let first = null;
  let buf = '';
  let done = null;
  const decoder = new TextDecoder();
  for await (const chunk of res.body) {
    buf += decoder.decode(chunk, { stream: true });
    if (first === null && buf.includes('event: part')) first = performance.now() - t0;
    if (buf.includes('event: done')) done = performance.now() - t0;
  }
  if (first === null || done === null) throw new Error('no streamed answer');
  return { first, done, answered: /"answered":true/.test(buf) };
}

async function measure(label, env) {
  const proc = await startServer(port, { AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false', ...env });
  try {
    const email = `bench-chatbot-${Date.now()}@example.com`;
    await json('/api/auth-signup', {
      method: 'POST',
      body: { email, password: 'Bench2026xyz', full_name: '벤치', marketing_consent: false, terms: true, age_bracket: '14_or_over' },
    });
    const { tokens } = await json('/api/auth-login', { method: 'POST', body: { email, password: 'Bench2026xyz' } });
    const seed = await json('/api/seeds', { method: 'POST', token: tokens.access_token, body: { seed_name: '벤치 상점' } });
    const bot = await json(`/api/seeds/${seed.data.id}/chatbots`, {
      method: 'POST',
      token: tokens.access_token,
      body: { name: '벤치봇', allowedOrigins: [ORIGIN] },
    });
    for (const f of FAQ)
      await json(`/api/seeds/${seed.data.id}/chatbots/${bot.id}/sources`, { method: 'POST', token: tokens.access_token, body: { type: 'faq', ...f } });
    const convs = [];
    for (let i = 0; i < CONCURRENT; i++) convs.push(await json(`/api/chatbot/${bot.id}/conversations`, { method: 'POST', origin: ORIGIN, body: {} }));
    await ask(bot.id, convs[0], '배송비 얼마예요?'); // warm-up
    const firsts = [];
    const dones = [];
    let answered = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const results = await Promise.all(convs.map((c, i) => ask(bot.id, c, PARAPHRASES[(round * CONCURRENT + i) % PARAPHRASES.length][0])));
      for (const r of results) {
        firsts.push(r.first);
        dones.push(r.done);
        if (r.answered) answered++;
      }
    }
    const f = (x) => `${x.toFixed(0)} ms`;
    return `| ${label} | ${firsts.length} | ${f(pct(firsts, 50))} | ${f(pct(firsts, 95))} | ${f(pct(dones, 50))} | ${f(pct(dones, 95))} | ${answered}/${firsts.length} |`;
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.on('exit', r));
  }
}

const llm = await startFakeLlm(0);
const rows = [];
try {
  rows.push(await measure('fake model (LLM_BASE_URL → loopback fake)', { LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-model', LLM_API_KEY: 'bench' }));
  rows.push(await measure('basic mode (no model)', {}));
} finally {
  await llm.close();
}
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
const text = `\n### ${stamp} UTC — customer chatbot: ${CONCURRENT} conversations asking at once (${machine}, PGlite)\n\n${ROUNDS} rounds of ${CONCURRENT} simultaneous questions over SSE (POST …/messages, Accept: text/event-stream), 30 FAQ entries.\n\n| mode | questions | first part p50 | first part p95 | full answer p50 | full answer p95 | answered |\n|---|---|---|---|---|---|---|\n${rows.join('\n')}\n`;
appendFileSync(new URL('./RESULTS.md', import.meta.url), text);
console.log(text);
