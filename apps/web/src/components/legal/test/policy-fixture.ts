import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { TPrivacyPolicy } from '@suite/shared';

/** A generated policy as the server answers it (shape of ZPrivacyPolicy; texts are the test's own). */
export const POLICY: TPrivacyPolicy = {
  version: '7',
  effective: '2031-02-03',
  intro: '주식회사 시험(이하 "회사")는 다음과 같이 개인정보 처리방침을 정합니다.',
  articles: [
    {
      id: 'items',
      title: '제2조 (처리하는 개인정보의 항목)',
      paragraphs: ['항목은 다음과 같습니다.'],
      items: [],
      tables: [{ columns: ['처리 목적', '분류', '개인정보 항목', '처리 근거'], rows: [['회원 가입과 관리', '연락처', '이메일 (회원 계정)', '계약 이행']] }],
      after: ['선택 항목은 거부할 수 있습니다.'],
    },
    { id: 'remedies', title: '제13조 (권익침해 구제 방법)', paragraphs: [], items: ['개인정보침해신고센터: (국번없이) 118'], tables: [], after: [] },
  ],
  closing: ['부칙', '이 개인정보 처리방침은 2031년 2월 3일부터 적용됩니다.'],
  history: [{ version: '7', effective: '2031-02-03', summary: '시험판' }],
  operator: {
    name: '주식회사 시험',
    representative: '김대표',
    businessNumber: '111-22-33333',
    mailOrderNumber: null,
    address: null,
    email: null,
    phone: null,
  },
  officer: { name: '이보호', email: 'privacy@test.example' },
};

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** Answers for the next GET /api/privacy/policy calls (then POLICY). */
export const answers: Response[] = [];
export const fetchMock = vi.fn((url: string) =>
  Promise.resolve(String(url).endsWith('/api/privacy/policy') ? (answers.shift() ?? json(POLICY)) : json({ error: 'not found' }, 404)),
);

/** Fakes fetch for each test of the calling file: /api/privacy/policy answers from `answers`, then POLICY; anything else 404. */
export function fakePolicyServer() {
  beforeEach(() => {
    answers.length = 0;
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}
