import { ko } from '@suite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { searchWorkspace as search } from '../knowledge/knowledge.service.ts';
import { insertSource } from '../knowledge/knowledge.repository.ts';
import { knowledgePassages, knowledgeSources } from '../../db/schema-knowledge.ts';
import { directWorkspace, eventCallback, idle, nextTs, sendEvent, slackTestApp, type TSlackTest } from './testing/slack-test-kit.ts';
import { fuseRanks, splitPassages } from '../../lib/text-search.ts';
import { knowledgeKeys } from '../knowledge/korean-search.ts';
import { KOREAN_KB, KOREAN_QUESTIONS, PARAPHRASE } from './testing/korean-kb.ts';
import { encryptSecret } from './slack-crypto.ts';
import * as schema from '../../db/schema-slack.ts';
import { eq } from 'drizzle-orm';
import { makeTextPdf } from '../../test-support/pdf.ts';

describe('search keys', () => {
  it('shares keys between a word and the word with a particle, and splits Markdown by heading', () => {
    const doc = knowledgeKeys('검색팀을 소개합니다');
    for (const k of knowledgeKeys('검색팀', { query: true })) expect(doc).toContain(k);
    expect(knowledgeKeys('VPN 접속')).toContain('l:vpn');
    const parts = splitPassages('# 가\n첫 문단\n\n# 나\n둘째 문단');
    expect(parts).toEqual(['가\n첫 문단', '나\n둘째 문단']);
  });

  it('fuses rankings by reciprocal rank: found by both beats first in one', () => {
    const fused = fuseRanks([
      ['a', 'b', 'c'],
      ['d', 'b'],
    ]);
    expect(fused.map((f) => f.id)).toEqual(['b', 'a', 'd', 'c']);
    expect(fuseRanks([['x']])[0]!.score).toBe(1);
  });
});

describe.each(dbKinds)('slack knowledge and basic mode on %s', (kind) => {
  let s: TSlackTest;
  let owner: Awaited<ReturnType<typeof signedIn>>;
  let workspaceId: string;
  let seedId: string;
  beforeAll(async () => {
    // No Slack client credentials and no language model: config_error and basic mode.
    s = await slackTestApp(kind, { slack: false });
    owner = await signedIn(s.t);
    const ws = await directWorkspace(s, owner.token, { id: 'T0KB', name: '지식 팀', botUserId: 'UBOTKB' });
    workspaceId = ws.id;
    seedId = ws.seedId;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('stores a document with more passages than one statement can carry (65,535 parameters, 5 per passage)', async () => {
    const passages = Array.from({ length: 14_000 }, (_, i) => ({ content: `조각 ${i}`, grams: [`k${i % 50}`] }));
    const doc = await insertSource(
      s.t.database.db,
      { seedId, slackWorkspaceId: workspaceId, kind: 'text', title: '큰 문서', sourceUrl: null, content: '큰 문서', createdBy: null },
      passages,
    );
    const stored = await s.t.database.db.select({ ord: knowledgePassages.ord }).from(knowledgePassages).where(eq(knowledgePassages.sourceId, doc.id));
    expect(stored).toHaveLength(14_000);
    expect(Math.max(...stored.map((r) => r.ord))).toBe(13_999);
    await s.t.database.db.delete(knowledgeSources).where(eq(knowledgeSources.id, doc.id));
  });

  it('prepare answers a clear Korean config_error without Slack credentials', async () => {
    const res = await api(s.t, owner.token)('POST', '/api/slack-oauth-prepare', {});
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ success: false, code: 'config_error' });
    // Plain Korean for the member who pressed the button: no variable names (the setup guide is the admin's page).
    expect(res.body.error).toBe(ko.slack.server.notConfigured);
    expect(res.body.error).not.toMatch(/SLACK_|[A-Z]{3,}_[A-Z]/);
  });

  it('registers text, Markdown and Q&A; retrieval recall@3 ≥ 0.9 on the Korean test set', async () => {
    const a = api(s.t, owner.token);
    for (const d of KOREAN_KB) {
      const body = d.kind === 'qa' ? { kind: 'qa', question: d.question, answer: d.answer } : { kind: d.kind, title: d.title, content: d.content };
      const res = await a('POST', `/api/slack/workspaces/${workspaceId}/documents`, body);
      expect(res.status).toBe(201);
    }
    const list = await a('GET', `/api/slack/workspaces/${workspaceId}/documents`);
    expect(list.body.data).toHaveLength(KOREAN_KB.length);
    const leave = list.body.data.find((d: { title: string }) => d.title === '휴가 규정');
    expect(leave).toMatchObject({ kind: 'markdown', passages: 3, source_url: null, embedded_passages: null });
    let hits = 0;
    const misses: string[] = [];
    for (const [q, title] of KOREAN_QUESTIONS) {
      const top = await search(s.t.database.db, workspaceId, q, 3);
      if (top.some((h) => h.title === title)) hits++;
      else misses.push(q);
    }
    const recall = hits / KOREAN_QUESTIONS.length;
    expect(KOREAN_QUESTIONS.length).toBeGreaterThanOrEqual(30);
    expect(recall, `missed: ${misses.join(' | ')}`).toBeGreaterThanOrEqual(0.9);
    const viaApi = await a('GET', `/api/slack/workspaces/${workspaceId}/search?q=${encodeURIComponent('검색팀을 누가 맡아요?')}`);
    expect(viaApi.body.data[0].title).toBe('조직 안내: 검색팀');
    // Without EMBEDDINGS_MODEL a paraphrase that shares no search key with the knowledge finds nothing.
    expect(await search(s.t.database.db, workspaceId, PARAPHRASE.question, 3)).toEqual([]);
  });

  it('extracts a PDF’s text into passages and refuses what is not a PDF', async () => {
    const a = api(s.t, owner.token);
    const pdf = [
      '%PDF-1.4',
      '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj',
      '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj',
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj',
      '4 0 obj<</Length 63>>stream',
      'BT /F1 12 Tf 72 700 Td (Parking permit: ask the front desk) Tj ET',
      'endstream endobj',
      '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj',
      'trailer<</Root 1 0 R>>',
      '%%EOF',
    ].join('\n');
    const upload = (body: Buffer, title = '주차 안내 PDF') =>
      s.t.app.inject({
        method: 'POST',
        url: `/api/slack/workspaces/${workspaceId}/documents/pdf?title=${encodeURIComponent(title)}`,
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/pdf' },
        payload: body,
      });
    const ok = await upload(Buffer.from(pdf, 'latin1'));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ kind: 'pdf', title: '주차 안내 PDF', passages: 1 });
    const hits = await search(s.t.database.db, workspaceId, 'parking permit', 3);
    expect(hits[0]!.title).toBe('주차 안내 PDF');
    const bad = await upload(Buffer.from('not a pdf'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('PDF 파일이 아니거나 손상된 파일입니다.');
    expect((await upload(Buffer.from(pdf, 'latin1'), '')).json().error).toBe('제목을 입력해주세요.');
    // Parsed in the worker pool under caps: over the page cap → 413 naming the cap, nothing stored.
    const before = (await a('GET', `/api/slack/workspaces/${workspaceId}/documents`)).body.data.length;
    const tooMany = await upload(makeTextPdf(2_001, 1), '너무 긴 PDF');
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error).toBe(ko.security.documentCap(ko.security.capPages(2_000)));
    expect((await a('GET', `/api/slack/workspaces/${workspaceId}/documents`)).body.data.length).toBe(before);
  });

  it('validates documents in Korean and keeps members read-only', async () => {
    const a = api(s.t, owner.token);
    const base = `/api/slack/workspaces/${workspaceId}/documents`;
    expect((await a('POST', base, { kind: 'text', title: '', content: 'x' })).body.error).toBe('제목을 입력해주세요.');
    // In every mode (tests run as development) internal addresses are refused unless ALLOW_PRIVATE_URLS=true.
    const internal = await a('POST', base, { kind: 'url', url: 'http://127.0.0.1:9/api/health' });
    expect(internal).toMatchObject({ status: 400, body: { error: ko.slack.server.urlNotAllowed } });
    expect((await a('POST', base, { kind: 'url', url: 'ftp://x' })).body.error).toBe('올바른 웹 주소(http 또는 https)를 입력해주세요.');
    expect((await a('POST', base, { kind: 'nope' })).status).toBe(400);
    expect((await a('DELETE', `${base}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await a('GET', `/api/slack/workspaces/not-a-uuid/logs`)).status).toBe(400);
  });

  it('without a language model answers in labelled basic mode with the retrieved passages and sources', async () => {
    const e = { type: 'app_mention', channel: 'C0KB', user: 'UKIM', text: '<@UBOTKB> 재택근무는 몇 번까지 돼요?', ts: nextTs() };
    await sendEvent(s.t, eventCallback('T0KB', e));
    await idle(s.t);
    const post = s.slack.posts.find((p) => p.thread_ts === e.ts)!;
    expect(post.text).toContain('기본 모드');
    expect(post.text).toContain('주 2회까지');
    expect(post.text).toContain('재택근무 정책');
    const logs = await api(s.t, owner.token)('GET', `/api/slack/workspaces/${workspaceId}/logs`);
    expect(logs.body.data[0]).toMatchObject({ kind: 'search', mode: 'basic', status: 'answered', slack_user_id: 'UKIM', prompt_tokens: 0 });
    expect(logs.body.data[0].sources[0].title).toBe('재택근무 정책');
    const ws = (await api(s.t, owner.token)('GET', '/api/slack/workspaces')).body.data[0];
    expect(ws.llm_enabled).toBe(false);

    // A token Slack refuses: the event is logged as failed at once (no pointless retries), never a 500.
    await s.t.database.db
      .update(schema.slackWorkspaces)
      .set({ botTokenEnc: encryptSecret(s.t.config.encryptionKey, 'xoxb-revoked') })
      .where(eq(schema.slackWorkspaces.id, workspaceId));
    const e2 = { type: 'app_mention', channel: 'C0KB', user: 'UKIM', text: '<@UBOTKB> 안녕', ts: nextTs() };
    expect((await sendEvent(s.t, eventCallback('T0KB', e2))).statusCode).toBe(200);
    await idle(s.t);
    const after = await api(s.t, owner.token)('GET', `/api/slack/workspaces/${workspaceId}/logs`);
    expect(after.body.data[0]).toMatchObject({ status: 'failed' });
    expect(after.body.data[0].error).toContain('invalid_auth');
  });
});
