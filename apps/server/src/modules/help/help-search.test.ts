import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ZHelpService } from '@suite/shared/schemas/help';
import { loadArticles } from './articles.ts';
import { buildHelpIndex, initialsOf, rankSlugs, searchArticles } from './help-search.ts';

const FIXTURES = fileURLToPath(new URL('./testing/fixtures/', import.meta.url));
const DEV = fileURLToPath(new URL('./eval/questions-dev.json', import.meta.url));

describe('help search over fixed articles', () => {
  const index = buildHelpIndex(loadArticles(FIXTURES));
  const top = (q: string) => rankSlugs(index, q)[0];

  it.each([
    ['particles and endings', '회의실을 예약하려면 어떻게 해야 되나요', 'rooms-first-booking'],
    ['no spacing', '회의실예약취소', 'rooms-first-booking'],
    ['a question in other words', '점심메뉴 취합하는 방법', 'meal-first-round'],
    ['a Latin word in Korean', 'otp 어케 켜요', 'account-second-factor'],
    ['a body word', '영수증 정산은요?', 'meal-first-round'],
    ['the error wording', '메일 발송 한도 초과', 'trouble-mail-quota'],
  ])('finds by %s', (_what, q, slug) => {
    expect(top(q)).toBe(slug);
  });

  it('finds titles by 초성, the title before a question', () => {
    expect(initialsOf('회의실 첫 예약 (Rooms)')).toBe('ㅎㅇㅅㅊㅇㅇ');
    expect(rankSlugs(index, 'ㅎㅇㅅ')).toEqual(['rooms-first-booking']);
    expect(rankSlugs(index, 'ㅈㅅ ㅅㅅ')).toEqual(['meal-first-round']);
    expect(rankSlugs(index, 'ㅋㅋㅋㅋㅋ')).toEqual([]);
  });

  it('lists nothing for an unrelated question', () => {
    expect(searchArticles(index, '제주도 렌터카 추천해 주세요')).toEqual([]);
  });

  it('without a query lists every article of the service, or all by service then title', () => {
    const all = searchArticles(index, undefined);
    const order = ZHelpService.options;
    expect(all.map((a) => a.slug)).toEqual(['start-unsafe-markdown', 'rooms-first-booking', 'meal-first-round', 'account-second-factor', 'trouble-mail-quota']);
    expect(all.map((a) => order.indexOf(a.service))).toEqual([...all.map((a) => order.indexOf(a.service))].sort((a, b) => a - b));
    expect(searchArticles(index, '  ', 'meal').map((a) => a.slug)).toEqual(['meal-first-round']);
    expect(searchArticles(index, '회의실 예약', 'meal')).toEqual([]);
  });

  it('excerpts the summary, or the body sentence that matches when the summary does not', () => {
    const [rooms] = searchArticles(index, '회의실 예약');
    expect(rooms!.excerpt).toBe('회의실을 등록하고 첫 예약을 잡는 방법입니다.');
    const [meal] = searchArticles(index, '영수증 정산');
    expect(meal!.excerpt).toBe('영수증 금액은 라운드에 기록해 정산합니다.');
  });
});

type TQuestion = { q: string; slugs: string[] };

describe.skipIf(!existsSync(DEV))('help search on the development questions (eval/questions-dev.json)', () => {
  it('has the right article in the top 3 for at least 90 % of them', () => {
    const questions = JSON.parse(readFileSync(DEV, 'utf8')) as TQuestion[];
    const index = buildHelpIndex(loadArticles());
    let top1 = 0;
    let top3 = 0;
    const misses: string[] = [];
    for (const { q, slugs } of questions) {
      const found = rankSlugs(index, q);
      if (slugs.includes(found[0] ?? '')) top1++;
      if (found.slice(0, 3).some((s) => slugs.includes(s))) top3++;
      else misses.push(`${q} → ${found.slice(0, 3).join(', ') || '(nothing)'} (expected ${slugs.join(' | ')})`);
    }
    const pct = (n: number) => `${((100 * n) / questions.length).toFixed(0)} %`;
    console.log(
      `help search, dev set (${questions.length}): top-1 ${pct(top1)}, top-3 ${pct(top3)}${misses.length ? `\nmisses:\n  ${misses.join('\n  ')}` : ''}`,
    );
    expect(top3 / questions.length).toBeGreaterThanOrEqual(0.9);
  });
});
