/**
 * Korean public holidays against the published lists.
 *
 * 2026: 우주항공청 「2026년도 월력요항」 (published 2025-06-30), as reported in
 *   https://www.newsspace.kr/news/article.html?no=7754 (삼일절 3/1 and 부처님오신날 5/24 on Sundays → 대체공휴일;
 *   70 공휴일) and KBS via https://rankmore.kr/news/1174650 (설 연휴 2/14–2/18 with the weekend, 3·1절 대체공휴일,
 *   5/23–5/25, 광복절 사흘 연휴, 추석 9/24부터, 개천절 10/3부터 사흘, 한글날 10/9부터 사흘, 성탄절 사흘).
 * 2027: 한국천문연구원 천문우주지식정보 「월력요항」 자료 (https://astro.kasi.re.kr/life/post/calendarData, V1.0a
 *   2025-07-01): lunar 1/1 = 2027-02-07, 4/1 = 05-06, 8/1 = 09-01. The 2027 「월력요항」 itself was not found in our
 *   sources; the 2027 substitute days below are the 규정 제3조 rules applied to those dates.
 */
import { describe, expect, it } from 'vitest';
import { holidaysOn, isoWeekday, koreanHolidays } from '../../lib/korean-holidays.ts';

const list = (year: number) => koreanHolidays(year).map((h) => `${h.date} ${h.name}${h.substitute ? ' *' : ''}`);

describe('koreanHolidays', () => {
  it('2026 matches 우주항공청 「2026년도 월력요항」', () => {
    expect(list(2026)).toEqual([
      '2026-01-01 신정',
      '2026-02-16 설날',
      '2026-02-17 설날',
      '2026-02-18 설날',
      '2026-03-01 삼일절',
      '2026-03-02 삼일절 대체공휴일 *',
      '2026-05-05 어린이날',
      '2026-05-24 부처님 오신 날',
      '2026-05-25 부처님 오신 날 대체공휴일 *',
      '2026-06-06 현충일',
      '2026-08-15 광복절',
      '2026-08-17 광복절 대체공휴일 *',
      '2026-09-24 추석',
      '2026-09-25 추석',
      '2026-09-26 추석',
      '2026-10-03 개천절',
      '2026-10-05 개천절 대체공휴일 *',
      '2026-10-09 한글날',
      '2026-12-25 기독탄신일',
    ]);
    // 추석 2026 ends on a Saturday: no substitute (only a Sunday or another holiday triggers one for 설날·추석).
    expect(isoWeekday('2026-09-26')).toBe(6);
    // 현충일 has no substitute rule.
    expect(holidaysOn('2026-06-08')).toEqual([]);
  });

  it('2027: 설날 2/6–2/8 with 대체공휴일 2/9, 추석 9/14–9/16, substitutes for 광복절, 개천절, 한글날, 성탄절', () => {
    expect(list(2027)).toEqual([
      '2027-01-01 신정',
      '2027-02-06 설날',
      '2027-02-07 설날',
      '2027-02-08 설날',
      '2027-02-09 설날 대체공휴일 *',
      '2027-03-01 삼일절',
      '2027-05-05 어린이날',
      '2027-05-13 부처님 오신 날',
      '2027-06-06 현충일',
      '2027-08-15 광복절',
      '2027-08-16 광복절 대체공휴일 *',
      '2027-09-14 추석',
      '2027-09-15 추석',
      '2027-09-16 추석',
      '2027-10-03 개천절',
      '2027-10-04 개천절 대체공휴일 *',
      '2027-10-09 한글날',
      '2027-10-11 한글날 대체공휴일 *',
      '2027-12-25 기독탄신일',
      '2027-12-27 기독탄신일 대체공휴일 *',
    ]);
  });

  it('applies each substitute rule only from the year it took effect', () => {
    // 2025: 어린이날 = 부처님 오신 날 (5/5) → one substitute 5/6; 삼일절 on Saturday → 3/3; 추석 on Sunday 10/5 → 10/8.
    const y2025 = koreanHolidays(2025).filter((h) => h.substitute);
    expect(y2025.map((h) => `${h.date} ${h.name}`)).toEqual(['2025-03-03 삼일절 대체공휴일', '2025-05-06 어린이날 대체공휴일', '2025-10-08 추석 대체공휴일']);
    // 2020: 광복절 on a Saturday, before the 2021 rule → no substitute; 설날 1/26 on a Sunday → 1/27.
    expect(
      koreanHolidays(2020)
        .filter((h) => h.substitute)
        .map((h) => `${h.date} ${h.name}`),
    ).toEqual(['2020-01-27 설날 대체공휴일']);
    // 2022: 부처님 오신 날 5/8 and 성탄절 12/25 on Sundays, before the 2023 rule → none for them; 추석 9/11 (Sun) → 9/12.
    expect(
      koreanHolidays(2022)
        .filter((h) => h.substitute)
        .map((h) => h.date),
    ).toEqual(['2022-09-12', '2022-10-10']);
    // 2013: 설날·추석 substitutes start in 2014 → none.
    expect(koreanHolidays(2013).filter((h) => h.substitute)).toEqual([]);
    expect(
      koreanHolidays(2014)
        .filter((h) => h.substitute)
        .map((h) => h.date),
    ).toEqual(['2014-09-10']);
  });

  it('covers 2000–2050 and refuses years outside', () => {
    for (let y = 2000; y <= 2050; y++) {
      const h = koreanHolidays(y);
      expect(h.filter((x) => x.name === '설날')).toHaveLength(3);
      expect(h.filter((x) => x.name === '추석')).toHaveLength(3);
      expect(h.every((x) => x.date.startsWith(`${y}-`))).toBe(true);
    }
    expect(() => koreanHolidays(1999)).toThrow(RangeError);
    expect(() => koreanHolidays(2051)).toThrow(RangeError);
    expect(holidaysOn('2051-01-01')).toEqual([]);
  });
});
