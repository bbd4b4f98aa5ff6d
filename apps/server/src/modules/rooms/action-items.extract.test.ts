import { describe, expect, it } from 'vitest';
import { dueDateOf, extractMinutes, type TPerson } from './action-items.extract.ts';

const people: TPerson[] = [
  { userId: 'u-kim', name: '김철수', email: 'chulsoo@example.com' },
  { userId: 'u-lee', name: '이영희', email: 'younghee@example.com' },
  { userId: null, name: null, email: 'partner@vendor.co.kr' },
];
/** A Wednesday. */
const WED = '2031-03-05';

describe('rule-based minutes reading (Korean)', () => {
  it('reads headed sections: decisions, and actions with owner by @mention and due dates', () => {
    const minutes = [
      '# 주간 회의',
      '## 안건',
      '- 신규 요금제 검토',
      '## 결정 사항',
      '- 신규 요금제는 4월부터 적용',
      '- 가격표 디자인은 B안으로 확정',
      '## 할 일',
      '1. @김철수 가격표 페이지 수정 금요일까지',
      '2. @이영희 고객 공지 메일 초안 3/12까지',
      '3. 법무 검토 요청',
    ].join('\n');
    const r = extractMinutes(minutes, WED, people);
    expect(r.decisions).toEqual(['신규 요금제는 4월부터 적용', '가격표 디자인은 B안으로 확정']);
    expect(r.actions).toEqual([
      { text: '@김철수 가격표 페이지 수정 금요일까지', ownerUserId: 'u-kim', ownerName: '김철수', due: '2031-03-07' },
      { text: '@이영희 고객 공지 메일 초안 3/12까지', ownerUserId: 'u-lee', ownerName: '이영희', due: '2031-03-12' },
      { text: '법무 검토 요청', ownerUserId: null, ownerName: null, due: null },
    ]);
  });

  it('reads free-form sentences by their wording; owners by name without the family name or by e-mail name', () => {
    const minutes = [
      '오늘은 채용 일정을 논의했다.',
      '면접은 2차까지만 보기로 했다.',
      '영희님이 다음 주 화요일까지 채용 공고를 올리기로 함',
      'partner 쪽에 계약서 전달 부탁드립니다 (내일까지)',
      '다음 회의는 미정',
    ].join('\n');
    const r = extractMinutes(minutes, WED, people);
    expect(r.decisions).toEqual(['면접은 2차까지만 보기로 했다.']);
    expect(r.actions).toEqual([
      { text: '영희님이 다음 주 화요일까지 채용 공고를 올리기로 함', ownerUserId: 'u-lee', ownerName: '이영희', due: '2031-03-11' },
      { text: 'partner 쪽에 계약서 전달 부탁드립니다 (내일까지)', ownerUserId: null, ownerName: 'partner@vendor.co.kr', due: '2031-03-06' },
    ]);
  });

  it('inline labels and an unknown @mention: the mentioned name is kept without an account', () => {
    const r = extractMinutes('결정: 사무실 이전은 6월\nTODO: @박민수 견적 비교표 12월 1일까지\n할 일 - 김철수 회의실 예약', WED, people);
    expect(r.decisions).toEqual(['사무실 이전은 6월']);
    expect(r.actions).toEqual([
      { text: '@박민수 견적 비교표 12월 1일까지', ownerUserId: null, ownerName: '박민수', due: '2031-12-01' },
      { text: '김철수 회의실 예약', ownerUserId: 'u-kim', ownerName: '김철수', due: null },
    ]);
  });

  it('minutes with nothing decided or assigned give nothing', () => {
    expect(extractMinutes('참석자: 김철수, 이영희\n시장 동향 공유\n질문 없음', WED, people)).toEqual({ decisions: [], actions: [] });
  });

  it('due dates: weekdays from the meeting day, next week, dates rolling into next year, today and tomorrow', () => {
    expect(dueDateOf('금요일까지', WED)).toBe('2031-03-07');
    expect(dueDateOf('수요일까지', WED)).toBe('2031-03-12');
    expect(dueDateOf('월요일까지', WED)).toBe('2031-03-10');
    expect(dueDateOf('다음 주 월요일까지', WED)).toBe('2031-03-10');
    expect(dueDateOf('이번 주 금요일까지', WED)).toBe('2031-03-07');
    expect(dueDateOf('1/5까지', '2031-12-20')).toBe('2032-01-05');
    expect(dueDateOf('2월 30일까지', WED)).toBeNull();
    expect(dueDateOf('오늘까지', WED)).toBe(WED);
    expect(dueDateOf('모레까지', WED)).toBe('2031-03-07');
    expect(dueDateOf('가능하면 빨리', WED)).toBeNull();
  });
});
