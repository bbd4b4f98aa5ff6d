import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slackWorkspaces } from '../../db/schema-slack.ts';
import { knowledgePassages, knowledgeSources } from '../../db/schema-knowledge.ts';
import { dbKinds } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { createEmbeddings, unit } from '../knowledge/embeddings.ts';
import { searchWorkspace as search } from '../knowledge/knowledge.service.ts';
import { knowledgeOf } from '../knowledge/knowledge.module.ts';
import { directWorkspace, eventCallback, idle, nextTs, sendEvent, slackTestApp, type TSlackTest } from './testing/slack-test-kit.ts';
import { fakeEmbedding } from './testing/fake-embedder.ts';
import { startFakeLlm } from './testing/fake-llm.ts';
import { KOREAN_KB, KOREAN_QUESTIONS, PARAPHRASE } from './testing/korean-kb.ts';
import { createVectorCache } from '../knowledge/vector-cache.ts';
import { loadVectors, passagesByIds } from '../knowledge/vectors.repository.ts';
import { minZ } from '../knowledge/vectors.ts';

describe('vector helpers', () => {
  it('evicts the least recently searched workspace over the limit and drops deleted passages', async () => {
    const cache = createVectorCache(8);
    const loads: string[][] = [];
    const load = async (ids: string[]) => {
      loads.push(ids);
      return new Map(ids.map((id) => [id, new Float32Array(2)] as const));
    };
    await cache.vectors('w1', 'm', ['a', 'b'], load);
    await cache.vectors('w2', 'm', ['c', 'd'], load);
    expect(cache.size()).toEqual({ workspaces: 2, floats: 8 });
    await cache.vectors('w1', 'm', ['a'], load); // b deleted; nothing to load
    await cache.vectors('w3', 'm', ['e', 'f', 'g'], load); // over 8: w2 (least recent) goes
    expect(cache.size()).toEqual({ workspaces: 2, floats: 8 });
    await cache.vectors('w2', 'm', ['c', 'd'], load);
    expect(loads).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f', 'g'],
      ['c', 'd'],
    ]);
  });

  it('embeds 64 inputs a call, in order, and cools down only when the provider fails (not when it refuses a request)', async () => {
    const fake = await startFakeLlm();
    try {
      const client = createEmbeddings({ baseUrl: fake.url, apiKey: 'sk-test', embeddingsModel: 'fake-embed', timeoutMs: 5_000, maxRetries: 1 });
      const texts = Array.from({ length: 130 }, (_, i) => `문단 ${i} 재택근무`);
      const r = await client.embed(texts);
      expect(fake.embeddingRequests.map((x) => x.inputs)).toEqual([64, 64, 2]);
      expect(Array.from(r.vectors[129]!)).toEqual(Array.from(unit(fakeEmbedding(texts[129]!))));
      expect(r.tokens).toBeGreaterThan(0);
      fake.embeddingsMode = 'refuse';
      await expect(client.embed(['x'])).rejects.toThrow('llm http 400');
      expect(fake.embeddingRequests).toHaveLength(4); // a 400 is not retried
      expect(client.available()).toBe(true);
      fake.embeddingsMode = 'down';
      await expect(client.embed(['x'])).rejects.toThrow('llm http 500');
      expect(fake.embeddingRequests).toHaveLength(6); // one retry
      expect(client.available()).toBe(false);
    } finally {
      await fake.close();
    }
  });

  it('asks more of a vector hit in a larger workspace', () => {
    expect(minZ(24)).toBe(3);
    expect(minZ(3000)).toBeCloseTo(4, 0);
  });
});

describe.each(dbKinds)('slack knowledge with embeddings on %s', (kind) => {
  let s: TSlackTest;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  let workspaceId: string;
  const docs = () => api(s.t, owner.token)('GET', `/api/slack/workspaces/${workspaceId}/documents`);
  const vectors = () => knowledgeOf(s.t.app.ctx)!.vectors;
  const recall = async (withVectors: boolean) => {
    let hits = 0;
    for (const [q, title] of KOREAN_QUESTIONS) {
      const top = await search(s.t.database.db, workspaceId, q, 3, withVectors ? vectors() : undefined);
      if (top.some((h) => h.title === title)) hits++;
    }
    return hits / KOREAN_QUESTIONS.length;
  };

  beforeAll(async () => {
    // The fake embeddings model only: no chat model, so answers come in basic mode and quote the passages.
    s = await slackTestApp(kind, { embeddings: true, slack: false });
    owner = await signedIn(s.t);
    workspaceId = (await directWorkspace(s, owner.token, { id: 'T0VEC', name: '벡터 팀', botUserId: 'UBOTVEC' })).id;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('embeds passages after storing them, 64 at most a call, and counts the tokens toward the budget', async () => {
    const a = api(s.t, owner.token);
    for (const d of KOREAN_KB) {
      const body = d.kind === 'qa' ? { kind: 'qa', question: d.question, answer: d.answer } : { kind: d.kind, title: d.title, content: d.content };
      const res = await a('POST', `/api/slack/workspaces/${workspaceId}/documents`, body);
      expect(res.status).toBe(201);
      expect(res.body.data.embedded_passages).toBe(0);
    }
    await idle(s.t);
    const list = (await docs()).body.data as { passages: number; embedded_passages: number }[];
    expect(list.every((d) => d.embedded_passages === d.passages)).toBe(true);
    expect(s.llm!.embeddingRequests.length).toBeGreaterThan(0);
    expect(s.llm!.embeddingRequests.every((r) => r.model === 'fake-embed' && r.inputs >= 1 && r.inputs <= 64)).toBe(true);

    // Stored as real[]: the provider's vector scaled to unit length (of title + passage), read back bit for bit.
    const [row] = await s.t.database.db
      .select({ p: knowledgePassages })
      .from(knowledgePassages)
      .innerJoin(knowledgeSources, eq(knowledgeSources.id, knowledgePassages.sourceId))
      .where(eq(knowledgeSources.slackWorkspaceId, workspaceId))
      .limit(1);
    const p = row?.p;
    const [withTitle] = await passagesByIds(s.t.database.db, workspaceId, [p!.id]);
    expect(p!.embeddingModel).toBe('fake-embed');
    // The database prints float4 in its shortest form; as float32 it is the same number.
    const stored = p!.embedding!.map((x) => Math.fround(x));
    expect(stored).toEqual(Array.from(unit(fakeEmbedding(`${withTitle!.title}\n${p!.content}`))));
    const binary = (await loadVectors(s.t.database.db, [p!.id], 'fake-embed')).get(p!.id)!;
    expect(Array.from(binary)).toEqual(stored);

    const ws = (await a('GET', '/api/slack/workspaces')).body.data.find((w: { id: string }) => w.id === workspaceId);
    expect(ws.tokens_this_month).toBeGreaterThan(0);
    const stats = await a('GET', `/api/slack/workspaces/${workspaceId}/stats?days=1`);
    expect(stats.body.total_tokens).toBe(ws.tokens_this_month);
  });

  it('(a) answers a paraphrase with no shared search key from the right passage, through vectors only', async () => {
    expect(await search(s.t.database.db, workspaceId, PARAPHRASE.question, 3)).toEqual([]);
    const hybrid = await search(s.t.database.db, workspaceId, PARAPHRASE.question, 3, vectors());
    expect(hybrid[0]).toMatchObject({ title: PARAPHRASE.title });
    const viaApi = await api(s.t, owner.token)('GET', `/api/slack/workspaces/${workspaceId}/search?q=${encodeURIComponent(PARAPHRASE.question)}`);
    expect(viaApi.body.data[0].title).toBe(PARAPHRASE.title);

    const e = { type: 'app_mention', channel: 'C0VEC', user: 'UKIM', text: `<@UBOTVEC> ${PARAPHRASE.question}`, ts: nextTs() };
    await sendEvent(s.t, eventCallback('T0VEC', e));
    await idle(s.t);
    const post = s.slack.posts.find((x) => x.thread_ts === e.ts)!;
    expect(post.text).toContain(PARAPHRASE.quote);
    expect(post.text).toContain(PARAPHRASE.title);

    // A question about nothing in the knowledge still finds nothing: nearest neighbours must stand out to count.
    expect(await search(s.t.database.db, workspaceId, '오늘 날씨 어때?', 3, vectors())).toEqual([]);
  });

  it('keeps recall@3 on the Korean test set (lexical and hybrid)', async () => {
    const lexical = await recall(false);
    const hybrid = await recall(true);
    console.info(`recall@3 ${kind}: lexical ${lexical.toFixed(3)}, hybrid with the fake embedder ${hybrid.toFixed(3)}`);
    expect(lexical).toBeGreaterThanOrEqual(0.9);
    expect(hybrid).toBeGreaterThanOrEqual(lexical);
  });

  it('stops using embeddings once the monthly token budget is spent', async () => {
    await s.t.database.db
      .update(slackWorkspaces)
      .set({ settings: { channels: [], language: 'ko', tone: 'polite', retentionDays: 90, monthlyTokenBudget: 1 } })
      .where(eq(slackWorkspaces.id, workspaceId));
    const before = s.llm!.embeddingRequests.length;
    expect(await search(s.t.database.db, workspaceId, PARAPHRASE.question, 3, vectors())).toEqual([]);
    expect(s.llm!.embeddingRequests.length).toBe(before);
    await s.t.database.db
      .update(slackWorkspaces)
      .set({ settings: { channels: [], language: 'ko', tone: 'polite', retentionDays: 90, monthlyTokenBudget: 0 } })
      .where(eq(slackWorkspaces.id, workspaceId));
  });

  it('embeds again when the model changes', async () => {
    const [one] = await s.t.database.db
      .select({ id: knowledgeSources.id })
      .from(knowledgeSources)
      .where(eq(knowledgeSources.slackWorkspaceId, workspaceId))
      .limit(1);
    await s.t.database.db.update(knowledgePassages).set({ embeddingModel: 'old-model' }).where(eq(knowledgePassages.sourceId, one!.id));
    const stale = ((await docs()).body.data as { id: string; embedded_passages: number }[]).find((d) => d.id === one!.id)!;
    expect(stale.embedded_passages).toBe(0);
    await vectors().sweep();
    await idle(s.t);
    const fresh = ((await docs()).body.data as { id: string; passages: number; embedded_passages: number }[]).find((d) => d.id === one!.id)!;
    expect(fresh.embedded_passages).toBe(fresh.passages);
  });

  it('(b) with the embeddings endpoint down, a document is still added and found lexically, and embedded later', async () => {
    s.llm!.embeddingsMode = 'down';
    const a = api(s.t, owner.token);
    const res = await a('POST', `/api/slack/workspaces/${workspaceId}/documents`, {
      kind: 'qa',
      question: '사내 헬스장은 몇 시까지 열어요?',
      answer: '지하 1층 헬스장은 평일 밤 10시까지 엽니다.',
    });
    expect(res.status).toBe(201);
    await idle(s.t);
    const doc = ((await docs()).body.data as { id: string; embedded_passages: number }[]).find((d) => d.id === res.body.data.id)!;
    expect(doc.embedded_passages).toBe(0);
    const found = await a('GET', `/api/slack/workspaces/${workspaceId}/search?q=${encodeURIComponent('헬스장 운영 시간')}`);
    expect(found.status).toBe(200);
    expect(found.body.data[0].title).toBe('사내 헬스장은 몇 시까지 열어요?');
    // Mentions are answered too (lexically), never an error.
    const e = { type: 'app_mention', channel: 'C0VEC', user: 'UKIM', text: '<@UBOTVEC> 헬스장 몇 시까지 해요?', ts: nextTs() };
    await sendEvent(s.t, eventCallback('T0VEC', e));
    await idle(s.t);
    expect(s.slack.posts.find((x) => x.thread_ts === e.ts)!.text).toContain('밤 10시까지');

    // The provider is back: what is missing gets embedded (the sweep does this every minute once the 30 s cool-down ends).
    s.llm!.embeddingsMode = 'ok';
    expect(await vectors().indexWorkspace(workspaceId)).toBe(1);
    const later = ((await docs()).body.data as { id: string; embedded_passages: number }[]).find((d) => d.id === res.body.data.id)!;
    expect(later.embedded_passages).toBe(1);
  });
});
