// Issue 11, item 1: /api/health latency while a 10 MB PDF is uploaded to the Slack knowledge documents endpoint, next
// to /api/health latency with no upload, in the same run on the same server. PDF parsing runs in worker threads
// (lib/document-pool.ts); the health poller (one request at a time, back to back) measures how long the main thread
// makes a request wait meanwhile. Two servers: the default document caps (the ~3,000-page PDF of the attack is refused
// at the page cap), and caps raised so that the whole document is parsed, chunked and stored.
// Appends its own section to bench/RESULTS.md. Run alone: `node bench/pdf-latency.mjs`.
import { appendFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { startServer, throwawayDatabase } from './http.mjs';
import { startFakeSlack } from '../apps/server/src/modules/slack/testing/fake-slack.ts';
import { makeTextPdf } from '../apps/server/src/test-support/pdf.ts';

const port = 3296;
const base = `http://127.0.0.1:${port}`;
const CLIENT = { clientId: 'bench-client', clientSecret: 'bench-secret' };
const QUIET_MS = 5_000;

async function json(path, opts = {}) {
  const res = await fetch(`${base}${path}`, {
    method: opts.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
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
const fmt = (x) => (x < 10 ? x.toFixed(1) : String(Math.round(x)));

/** Polls /api/health back to back until `stop()` resolves; returns each request's latency in ms. */
async function pollHealth(until) {
  const ms = [];
  let done = false;
  void until.then(() => (done = true));
  while (!done) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    ms.push(performance.now() - t0);
  }
  return ms;
}

/** ~3,000 pages of text in just under 10 MB (the endpoint's limit is 10 MiB). */
function tenMegabytePdf() {
  const line = (p, i) => `Page ${p} line ${i}: parking permit, meeting room notes, expense policy and onboarding checklist for the team`;
  let lines = 28;
  let pdf = makeTextPdf(3_000, lines, line);
  while (pdf.length > 10 * 1_048_576 - 4_096) pdf = makeTextPdf(3_000, --lines, line);
  return pdf;
}

async function measure(label, env, slack, pdf) {
  slack.team = { id: `TP${Date.now().toString(36).toUpperCase()}`, name: '벤치 워크스페이스' };
  const proc = await startServer(port, {
    AUTH_REQUIRE_EMAIL_CONFIRMATION: 'false',
    SLACK_CLIENT_ID: CLIENT.clientId,
    SLACK_CLIENT_SECRET: CLIENT.clientSecret,
    SLACK_SIGNING_SECRET: 'bench-signing-secret',
    SLACK_API_URL: slack.apiUrl,
    SLACK_AUTHORIZE_URL: slack.authorizeUrl,
    ...env,
  });
  try {
    const email = `bench.pdf.${Date.now()}@example.com`;
    await json('/api/auth-signup', {
      method: 'POST',
      body: { email, password: 'Bench2026xyz', full_name: '벤치', marketing_consent: false, terms: true, age_bracket: '14_or_over' },
    });
    const { tokens } = await json('/api/auth-login', { method: 'POST', body: { email, password: 'Bench2026xyz' } });
    const prep = await json('/api/slack-oauth-prepare', { method: 'POST', token: tokens.access_token, body: {} });
    const page = await (await fetch(prep.authUrl)).text();
    const allow = /<a href="([^"]+)">Allow<\/a>/.exec(page)[1].replace(/&amp;/g, '&');
    const cb = await fetch(allow, { redirect: 'manual' });
    const workspaceId = new URL(cb.headers.get('location'), base).searchParams.get('workspace_id');
    if (!workspaceId) throw new Error(`install failed: ${cb.headers.get('location')}`);

    const quiet = await pollHealth(new Promise((r) => setTimeout(r, QUIET_MS)));
    const t0 = performance.now();
    const upload = fetch(`${base}/api/slack/workspaces/${workspaceId}/documents/pdf?title=${encodeURIComponent('10MB 벤치 PDF')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf', authorization: `Bearer ${tokens.access_token}` },
      body: pdf,
    }).then(async (res) => ({ status: res.status, body: await res.json().catch(() => null), ms: performance.now() - t0 }));
    const during = await pollHealth(upload);
    const result = await upload;
    const outcome = result.status === 201 ? `201, ${result.body?.data?.passages ?? '?'} passages` : `${result.status} ${result.body?.code ?? ''}`;
    return { label, quiet, during, result, outcome };
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.on('exit', r));
  }
}

const pdf = tenMegabytePdf();
const slack = await startFakeSlack(CLIENT);
const runs = [];
const raised = { DOCUMENT_MAX_PAGES: '5000', DOCUMENT_MAX_CHARS: '50000000', DOCUMENT_MAX_SECONDS: '120' };
const dbs = [];
try {
  runs.push(await measure('PGlite, default caps (DOCUMENT_MAX_PAGES=2000, DOCUMENT_MAX_CHARS=2000000)', {}, slack, pdf));
  runs.push(await measure('PGlite, caps raised (DOCUMENT_MAX_PAGES=5000, DOCUMENT_MAX_CHARS=50000000, DOCUMENT_MAX_SECONDS=120)', raised, slack, pdf));
  if (process.env.BENCH_DATABASE_URL) {
    const db = await throwawayDatabase(process.env.BENCH_DATABASE_URL, 'pdf');
    dbs.push(db);
    runs.push(await measure('PostgreSQL, caps raised (as above)', { ...raised, DATABASE_URL: db.url }, slack, pdf));
  }
} finally {
  await slack.close();
  for (const db of dbs) await db.drop();
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
const mb = (pdf.length / 1_048_576).toFixed(2);
const lines = [
  `\n## ${stamp} UTC — /api/health during a 10 MB PDF upload — ${machine}\n`,
  `\`POST /api/slack/workspaces/{id}/documents/pdf\` with a ${mb} MiB text PDF of 3,000 pages (one fresh server per row). /api/health is polled one request at a time, back to back: for ${QUIET_MS / 1000} s with no upload, then from the upload's start until its answer.\n`,
  '| server | upload answer | upload s | health, no upload: n / p50 / p99 / max ms | health during upload: n / p50 / p99 / max ms |',
  '|---|---|---:|---|---|',
  ...runs.map(
    (r) =>
      `| ${r.label} | ${r.outcome} | ${(r.result.ms / 1000).toFixed(1)} | ${r.quiet.length} / ${fmt(pct(r.quiet, 50))} / ${fmt(pct(r.quiet, 99))} / ${fmt(Math.max(...r.quiet))} | ${r.during.length} / ${fmt(pct(r.during, 50))} / ${fmt(pct(r.during, 99))} / ${fmt(Math.max(...r.during))} |`,
  ),
  '',
];
appendFileSync(new URL('./RESULTS.md', import.meta.url), lines.join('\n'));
console.log(lines.join('\n'));
