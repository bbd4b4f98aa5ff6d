import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { knowledgePassageArticles } from '../../db/schema-knowledge-rules.ts';
import { knowledgePassages } from '../../db/schema-knowledge.ts';
import { splitPassages } from '../../lib/text-search.ts';
import { directWorkspace, eventCallback, idle, nextTs, sendEvent, slackTestApp, type TSlackTest } from '../slack/testing/slack-test-kit.ts';
import { RULES_QUESTIONS, RULES_TEXT, RULES_TITLE } from '../../test-support/rules-sample.ts';
import { searchWorkspace } from './knowledge.service.ts';
import { chunkDocument, citationOf, looksLikeRules, splitRules } from './rules-chunking.ts';
import { prepare } from './knowledge.prepare.ts';

describe('company rules chunking', () => {
  it('splits a 취업규칙 by article and paragraph, with chapter, title and paragraph on each passage', () => {
    expect(looksLikeRules(RULES_TEXT)).toBe(true);
    const parts = chunkDocument(RULES_TEXT);
    const cited = parts.filter((p) => p.article).map((p) => citationOf(p.article!));
    // 24 articles plus 제11조의2 in the body, two in 부칙; every article is there.
    const articles = new Set(parts.filter((p) => p.article).map((p) => p.article!.article));
    expect(articles.size).toBe(27);
    expect(cited).toContain('제14조 ②항 (연차 유급휴가)');
    expect(cited).toContain('제11조의2 ①항 (재택근무)');
    expect(cited).toContain('제21조 제2항 (출장비)');
    expect(cited).toContain('부칙 제1조 (시행일)');
    const p142 = parts.find((p) => p.article && citationOf(p.article) === '제14조 ②항 (연차 유급휴가)')!;
    expect(p142.article!.chapter).toBe('제5장 휴일과 휴가');
    expect(p142.content).toBe('제14조(연차 유급휴가) ② 계속하여 근로한 기간이 1년 미만인 직원에게는 1개월 개근 시 1일의 유급휴가를 준다.');
    // A "다음 각 호" list stays one passage with its intro (the numbers are 호, not 항).
    const p15 = parts.filter((p) => p.article?.article === '제15조');
    expect(p15).toHaveLength(1);
    expect(p15[0]!.article!.paragraph).toBeNull();
    expect(p15[0]!.content).toContain('4. 조부모, 형제자매 사망: 3일');
    // The document's title before 제1조 is kept, with no article.
    expect(parts[0]).toEqual({ content: '주식회사 한빛소프트 취업규칙\n(2024년 3월 1일 개정)', article: null });
  });

  it('splits a long paragraph between sentences only, each piece with the same place', () => {
    const sentence = (i: number) => `직원은 ${i}번째 사항으로 회사가 정한 보안 수칙과 개인정보 처리 지침을 성실히 지켜야 한다.`;
    const long = Array.from({ length: 30 }, (_, i) => sentence(i + 1)).join(' ');
    const text = `제1조(목적) 이 규정은 보안에 관하여 정한다.\n제2조(정의) 용어는 다음과 같다.\n제3조(보안 의무) ① ${long}\n② 위반하면 징계한다.`;
    const parts = splitRules(text, 300).filter((p) => p.article?.article === '제3조' && p.article.paragraph === '①');
    expect(parts.length).toBeGreaterThan(3);
    for (const p of parts) {
      expect(p.content.startsWith('제3조(보안 의무) ')).toBe(true);
      expect(p.content.endsWith('지켜야 한다.')).toBe(true);
    }
    expect(parts.map((p) => p.content.replace('제3조(보안 의무) ', '')).join(' ')).toBe(`① ${long}`);
  });

  it('runs paragraphs together in PDF text apart, handles 부칙 without articles and ignores references', () => {
    const text = [
      '제1조(목적) 이 규정은 출장에 관하여 정한다.',
      '제2조(출장 신청) ① 출장은 3일 전까지 신청한다. ② 긴급한 출장은 사후에 보고할 수 있다.',
      '제3조(여비) 여비는 실비로 지급한다.',
      '제15조 제1항에 따른 여비도 같다.',
      '부칙 <2025. 1. 1.>',
      '이 규정은 2025년 1월 1일부터 시행한다.',
    ].join('\n');
    const parts = splitRules(text);
    expect(parts.map((p) => p.article && citationOf(p.article))).toEqual([
      '제1조 (목적)',
      '제2조 ①항 (출장 신청)',
      '제2조 ②항 (출장 신청)',
      '제3조 (여비)',
      '부칙',
    ]);
    expect(parts[3]!.content).toContain('제15조 제1항에 따른 여비도 같다.');
    expect(parts[4]!.content).toContain('2025년 1월 1일부터 시행한다.');
  });

  it('keeps the ordinary chunking for a document that is not rules', () => {
    const doc = '# 재택근무 안내\n재택근무는 주 2회까지 가능합니다. 제1조에 따른 신청서는 필요 없습니다.\n\n# 장비\n노트북은 IT팀에서 받습니다.';
    expect(looksLikeRules(doc)).toBe(false);
    expect(chunkDocument(doc)).toEqual(splitPassages(doc).map((content) => ({ content, article: null })));
    expect(prepare(doc, '안내').every((p) => !p.article)).toBe(true);
    expect(prepare(RULES_TEXT, RULES_TITLE).filter((p) => p.article).length).toBeGreaterThan(50);
  });
});

describe.each(dbKinds)('company rules answers on %s', (kind) => {
  let basic: TSlackTest;
  let llm: TSlackTest;
  const ws: Record<'basic' | 'llm', { id: string; token: string }> = {} as never;
  beforeAll(async () => {
    basic = await slackTestApp(kind, { slack: false });
    llm = await slackTestApp(kind, { slack: false, llm: true });
    for (const [name, s, team] of [
      ['basic', basic, 'T0RB'],
      ['llm', llm, 'T0RL'],
    ] as const) {
      const owner = await signedIn(s.t);
      const w = await directWorkspace(s, owner.token, { id: team, name: '규칙 팀', botUserId: `UBOT${team}` });
      ws[name] = { id: w.id, token: owner.token };
      const res = await api(s.t, owner.token)('POST', `/api/slack/workspaces/${w.id}/documents`, { kind: 'text', title: RULES_TITLE, content: RULES_TEXT });
      expect(res.status).toBe(201);
      // The ordinary document next to it keeps one passage per heading.
      await api(s.t, owner.token)('POST', `/api/slack/workspaces/${w.id}/documents`, {
        kind: 'markdown',
        title: '사무실 안내',
        content: '# 주차\n주차는 지하 2층을 씁니다.\n\n# 택배\n택배는 1층 안내데스크에서 받습니다.',
      });
    }
  });
  afterAll(async () => {
    await basic?.close();
    await llm?.close();
  });

  it('stores each passage’s article in knowledge_passage_articles', async () => {
    const db = basic.t.database.db;
    const rows = await db
      .select({ content: knowledgePassages.content, article: knowledgePassageArticles.article, paragraph: knowledgePassageArticles.paragraph })
      .from(knowledgePassageArticles)
      .innerJoin(knowledgePassages, eq(knowledgePassages.id, knowledgePassageArticles.passageId));
    expect(rows.find((r) => r.article === '제14조' && r.paragraph === '③')?.content).toContain('25일을 한도로');
    const docs = (await api(basic.t, ws.basic.token)('GET', `/api/slack/workspaces/${ws.basic.id}/documents`)).body.data;
    expect(docs.find((d: { title: string }) => d.title === '사무실 안내').passages).toBe(2);
  });

  it('finds the right paragraph in the top 3 for questions worded apart from the rules (≥ 0.8; the right article first ≥ 0.6)', async () => {
    const misses: string[] = [];
    let articleFirst = 0;
    for (const { q, cite } of RULES_QUESTIONS) {
      const top = await searchWorkspace(basic.t.database.db, ws.basic.id, q, 3);
      if (top[0]?.title.startsWith(`${RULES_TITLE} · ${cite.split(' ')[0]} `)) articleFirst++;
      if (!top.some((h) => h.title === `${RULES_TITLE} · ${cite}`))
        misses.push(`${q} → ${top.map((h) => h.title.replace(RULES_TITLE, '')).join(' | ') || '없음'}`);
    }
    expect(RULES_QUESTIONS.length).toBeGreaterThanOrEqual(10);
    // Misses seen: "월급날" shares no key with "지급일/임금"; "입사 1년 안 된" ranks 제4조 (입사하려는) first.
    expect((RULES_QUESTIONS.length - misses.length) / RULES_QUESTIONS.length, misses.join('\n')).toBeGreaterThanOrEqual(0.8);
    expect(articleFirst / RULES_QUESTIONS.length, `article first ${articleFirst}`).toBeGreaterThanOrEqual(0.6);
  });

  it('cites "제14조 ②항 (연차 유급휴가)" in basic mode', async () => {
    const e = { type: 'app_mention', channel: 'C0RB', user: 'UKIM', text: '<@UBOTT0RB> 입사 1년 안 된 사람은 연차가 어떻게 생기나요?', ts: nextTs() };
    await sendEvent(basic.t, eventCallback('T0RB', e));
    await idle(basic.t);
    const post = basic.slack.posts.find((p) => p.thread_ts === e.ts)!;
    expect(post.text).toContain('기본 모드');
    expect(post.text).toMatch(/\d\. 주식회사 한빛소프트 취업규칙 · 제14조 ②항 \(연차 유급휴가\)/);
    expect(post.text).toContain('1개월 개근 시 1일의 유급휴가');
  });

  it('cites the article with the language model too, and hands the model the citation', async () => {
    const e = { type: 'app_mention', channel: 'C0RL', user: 'UKIM', text: '<@UBOTT0RL> 쌍둥이 임신하면 출산휴가 며칠?', ts: nextTs() };
    await sendEvent(llm.t, eventCallback('T0RL', e));
    await idle(llm.t);
    const post = llm.slack.posts.find((p) => p.thread_ts === e.ts)!;
    expect(post.text).not.toContain('기본 모드');
    expect(post.text).toMatch(/\d\. 주식회사 한빛소프트 취업규칙 · 제17조 ②항 \(출산전후휴가\)/);
    const prompt = llm
      .llm!.requests.at(-1)!
      .messages.map((m) => m.content)
      .join('\n');
    expect(prompt).toMatch(/\[\d\] 주식회사 한빛소프트 취업규칙 · 제17조 ②항 \(출산전후휴가\)/);
  });
});
