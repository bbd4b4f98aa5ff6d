/**
 * The official clients behind `slack-api.ts` (@slack/web-api) and `adapters/llm.ts` (openai) against the fakes: what
 * callers rely on — results, retries, timeouts and the errors they map to — stays as it was with the hand-written ones.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlm, LlmError } from '../../adapters/llm.ts';
import { createEmbeddings } from '../knowledge/embeddings.ts';
import { createSlackApi, SlackApiError } from './slack-api.ts';
import { startFakeLlm, type TFakeLlm } from './testing/fake-llm.ts';
import { startFakeSlack, type TFakeSlack } from './testing/fake-slack.ts';

const caught = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as Error & { status?: number; slackError?: string },
  );

describe('slack web api client (@slack/web-api)', () => {
  let fake: TFakeSlack;
  let token: string;
  const api = () => createSlackApi({ apiUrl: fake.apiUrl, maxRetryWaitMs: 100 });
  beforeAll(async () => {
    fake = await startFakeSlack({ clientId: 'cid', clientSecret: 'secret' });
    token = (await api().oauthAccess({ clientId: 'cid', clientSecret: 'secret', code: fake.issueCode(), redirectUri: 'http://x/cb' })).accessToken;
  });
  afterAll(() => fake.close());

  it('calls the methods with the token and maps Slack errors', async () => {
    expect(await api().postMessage(token, { channel: 'C1', thread_ts: '1.1', text: '안녕' })).toMatch(/^\d+\.\d+$/);
    expect(fake.posts.at(-1)).toEqual({ channel: 'C1', thread_ts: '1.1', text: '안녕', token });
    fake.replies.set('C1:1.1', [{ ts: '1.1', user: 'U1', text: '질문' }]);
    expect(await api().replies(token, 'C1', '1.1')).toEqual([{ ts: '1.1', user: 'U1', text: '질문' }]);
    fake.userNames.set('U1', '김철수');
    expect(await api().userName(token, 'U1')).toBe('김철수');
    expect(await api().userName(token, 'U2')).toBeNull();
    expect(await api().lookupByEmail(token, 'nobody@example.com')).toBeNull();
    const e = await caught(api().postMessage('xoxb-wrong', { channel: 'C1', text: 'x' }));
    expect(e).toBeInstanceOf(SlackApiError);
    expect(e).toMatchObject({ slackError: 'invalid_auth', status: 200 });
  });

  it('retries 5xx twice, waits out 429s (capped) and fails a 4xx HTTP answer at once', async () => {
    fake.failPosts = 2;
    await api().postMessage(token, { channel: 'C1', text: '재시도' });
    expect(fake.failPosts).toBe(0);
    fake.failPosts = 3;
    expect(await caught(api().postMessage(token, { channel: 'C1', text: 'x' }))).toMatchObject({ slackError: 'internal_error', status: 500 });
    // Four 429s asking for 60 s each: the client waits at most maxRetryWaitMs (100 ms) per answer — without the cap this
    // test would run into Vitest's time limit — and gives up after three retries (all four answers used).
    fake.rateLimitReplies = 4;
    fake.retryAfterSeconds = 60;
    expect(await caught(api().replies(token, 'C1', '1.1'))).toMatchObject({ slackError: 'ratelimited', status: 429 });
    expect(fake.rateLimitReplies).toBe(0);
    fake.retryAfterSeconds = 1;
    // A 4xx HTTP answer is not retried: exactly one request reaches the server.
    let hits = 0;
    const server = createServer((_req, res) => {
      hits += 1;
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: false, error: 'unknown_method' }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const missing = createSlackApi({ apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api` });
      expect(await caught(missing.postMessage(token, { channel: 'C1', text: 'x' }))).toMatchObject({ slackError: 'unknown_method', status: 404 });
      expect(hits).toBe(1);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('reports a network failure as network_error with status 0', async () => {
    const down = createSlackApi({ apiUrl: 'http://127.0.0.1:1/api', timeoutMs: 500 });
    expect(await caught(down.postMessage('xoxb-x', { channel: 'C1', text: 'x' }))).toMatchObject({ slackError: 'network_error', status: 0 });
  });
});

describe('language model client (openai)', () => {
  let fake: TFakeLlm;
  beforeAll(async () => {
    fake = await startFakeLlm();
  });
  afterAll(() => fake.close());
  const cfg = () => ({ baseUrl: fake.url, apiKey: 'sk-test', model: 'm', timeoutMs: 400, maxRetries: 1 });

  it('streams an answer with the reported usage', async () => {
    const c = await createLlm(cfg()).complete([{ role: 'user', content: '[1] 휴가\n연차는 15일입니다' }]);
    expect(c.text).toBe('(모델 답변) 사내 자료 [1]에 따르면: 연차는 15일입니다');
    expect(c.completionTokens).toBe(Math.ceil(c.text.length / 2));
    expect(fake.requests.at(-1)?.model).toBe('m');
  });

  it('retries a 5xx, times out a slow answer per attempt and maps both to LlmError', async () => {
    fake.mode = 'down';
    const before = fake.requests.length;
    const down = await caught(createLlm(cfg()).complete([{ role: 'user', content: 'x' }]));
    expect(down).toBeInstanceOf(LlmError);
    expect(down).toMatchObject({ message: 'llm http 500', status: 500 });
    expect(fake.requests.length - before).toBe(2);
    // An answer that would take 30 s: the per-attempt timeout (400 ms) ends it as an LlmError — without the timeout this
    // test would run into Vitest's time limit.
    fake.mode = 'slow';
    fake.delayMs = 30_000;
    expect(await caught(createLlm({ ...cfg(), maxRetries: 0 }).complete([{ role: 'user', content: 'x' }]))).toBeInstanceOf(LlmError);
    fake.mode = 'ok';
  });

  it('embeds through the SDK as floats and keeps the status of a refusal', async () => {
    const emb = createEmbeddings({ baseUrl: fake.url, apiKey: 'sk-test', embeddingsModel: 'e', timeoutMs: 1_000, maxRetries: 0 });
    const r = await emb.embed(['재택 근무', '휴가']);
    expect(r.vectors).toHaveLength(2);
    expect(r.tokens).toBeGreaterThan(0);
    fake.embeddingsMode = 'refuse';
    expect(await caught(emb.embed(['x']))).toMatchObject({ message: 'llm http 400', status: 400 });
    fake.embeddingsMode = 'ok';
  });

  it('sends no Authorization header without a key and reads a plain JSON answer', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ choices: [{ message: { content: '전체 답' } }], usage: { prompt_tokens: 3, completion_tokens: 4 } }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
      const c = await createLlm({ baseUrl, apiKey: undefined, model: 'm', timeoutMs: 1_000, maxRetries: 0 }).complete([{ role: 'user', content: 'x' }]);
      expect(c).toEqual({ text: '전체 답', promptTokens: 3, completionTokens: 4 });
      expect(seen[0]?.authorization).toBeUndefined();
      await createLlm({ baseUrl, apiKey: 'sk-secret', model: 'm', timeoutMs: 1_000, maxRetries: 0 }).complete([{ role: 'user', content: 'x' }]);
      expect(seen[1]?.authorization).toBe('Bearer sk-secret');
    } finally {
      server.close();
    }
  });
});
