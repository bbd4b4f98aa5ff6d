/**
 * Public holidays of the Republic of Korea (「관공서의 공휴일에 관한 규정」), 2000–2050, as pure functions.
 *
 * Lunar dates (설날, 부처님 오신 날, 추석) come from `korean-lunar-calendar`, which carries KASI's (한국천문연구원)
 * lunar-solar table for 1000–2050. 설날's first day is the day before lunar 1/1 (lunar 12/29 or 12/30, whichever ends
 * the lunar year). Substitute holidays (대체공휴일, 제3조) follow the rules in force in each year:
 * - 설날·추석 연휴 overlapping a Sunday or another holiday: since 2014 (규정 2013-11-05 개정).
 * - 어린이날 on a Saturday, Sunday or another holiday: since 2014.
 * - 삼일절·광복절·개천절·한글날 on a Saturday or Sunday: since 2021-08-04 (first: 광복절 2021).
 * - 부처님 오신 날 and 기독탄신일 on a Saturday or Sunday: since 2023-05-04 (first: 부처님 오신 날 2023).
 * A substitute is the first day after the holiday (after the whole 연휴 for 설날·추석) that is a weekday, not a holiday
 * and not already another substitute. Temporary holidays (임시공휴일) and election days are not computed: operators add
 * them as closed days.
 */
import LunarModule from 'korean-lunar-calendar';

// The package's types describe a CommonJS default export while Node loads its ES build (default = the class).
type TLunarCtor = typeof LunarModule.default;
const KoreanLunarCalendar = ((LunarModule as unknown as { default?: TLunarCtor }).default ?? LunarModule) as unknown as TLunarCtor;

export type THoliday = { date: string; name: string; substitute: boolean };

export const MIN_HOLIDAY_YEAR = 2000;
export const MAX_HOLIDAY_YEAR = 2050;

const DAY_MS = 86_400_000;

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** ISO weekday: 1 = Monday … 7 = Sunday. */
export const isoWeekday = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};

function lunarToSolar(year: number, month: number, day: number): string {
  const cal = new KoreanLunarCalendar();
  if (!cal.setLunarDate(year, month, day, false)) throw new Error(`lunar date out of range: ${year}-${month}-${day}`);
  const s = cal.getSolarCalendar();
  return iso(s.year, s.month, s.day);
}

type TRule = 'sundayOrHoliday' | 'weekendOrHoliday' | 'weekend';
type TGroup = { name: string; dates: string[]; rule?: TRule; since?: string };

const cache = new Map<number, THoliday[]>();

/** The year's public holidays and substitute holidays, sorted by date (a date may appear twice: 어린이날 = 부처님 오신 날). */
export function koreanHolidays(year: number): THoliday[] {
  if (!Number.isInteger(year) || year < MIN_HOLIDAY_YEAR || year > MAX_HOLIDAY_YEAR) {
    throw new RangeError(`year must be ${MIN_HOLIDAY_YEAR}–${MAX_HOLIDAY_YEAR}`);
  }
  const hit = cache.get(year);
  if (hit) return hit;
  const seollal = lunarToSolar(year, 1, 1);
  const chuseok = lunarToSolar(year, 8, 15);
  const groups: TGroup[] = [
    { name: '신정', dates: [iso(year, 1, 1)] },
    { name: '설날', dates: [addDays(seollal, -1), seollal, addDays(seollal, 1)], rule: 'sundayOrHoliday', since: '2014-01-01' },
    { name: '삼일절', dates: [iso(year, 3, 1)], rule: 'weekend', since: '2021-08-04' },
    { name: '식목일', dates: [iso(year, 4, 5)] },
    { name: '어린이날', dates: [iso(year, 5, 5)], rule: 'weekendOrHoliday', since: '2014-01-01' },
    { name: '부처님 오신 날', dates: [lunarToSolar(year, 4, 8)], rule: 'weekend', since: '2023-05-04' },
    { name: '현충일', dates: [iso(year, 6, 6)] },
    { name: '제헌절', dates: [iso(year, 7, 17)] },
    { name: '광복절', dates: [iso(year, 8, 15)], rule: 'weekend', since: '2021-08-04' },
    { name: '추석', dates: [addDays(chuseok, -1), chuseok, addDays(chuseok, 1)], rule: 'sundayOrHoliday', since: '2014-01-01' },
    { name: '개천절', dates: [iso(year, 10, 3)], rule: 'weekend', since: '2021-08-04' },
    { name: '한글날', dates: [iso(year, 10, 9)], rule: 'weekend', since: '2021-08-04' },
    { name: '기독탄신일', dates: [iso(year, 12, 25)], rule: 'weekend', since: '2023-05-04' },
  ];
  // 한글날 has been a public holiday again since 2013 (규정 2012-12-28 개정; not one 2006–2012); 식목일 was one until
  // 2005 (2005-06-30 개정) and 제헌절 until 2007 (2005-12-30 개정, from 2008).
  const dropped = (name: string) =>
    (name === '한글날' && year >= 2006 && year < 2013) || (name === '식목일' && year > 2005) || (name === '제헌절' && year > 2007);
  const base = groups.filter((g) => !dropped(g.name));
  const holidayDates = new Set(base.flatMap((g) => g.dates));
  const namesOn = (date: string, except: TGroup) => base.some((g) => g !== except && g.dates.includes(date));
  const needs = (g: TGroup) => {
    if (!g.rule || !g.since || g.dates[0]! < g.since) return false;
    return g.dates.some((d) => {
      const wd = isoWeekday(d);
      if (g.rule === 'weekend') return wd >= 6;
      if (g.rule === 'weekendOrHoliday') return wd >= 6 || namesOn(d, g);
      return wd === 7 || namesOn(d, g);
    });
  };
  const taken = new Set(holidayDates);
  const result: THoliday[] = base.flatMap((g) => g.dates.map((date) => ({ date, name: g.name, substitute: false })));
  for (const g of base) {
    if (!needs(g)) continue;
    let d = addDays(g.dates[g.dates.length - 1]!, 1);
    while (isoWeekday(d) >= 6 || taken.has(d)) d = addDays(d, 1);
    taken.add(d);
    result.push({ date: d, name: `${g.name} 대체공휴일`, substitute: true });
  }
  // A holiday group can spill into the next or previous year (설날's eve on 12/31 never happens, but keep the year's own).
  const own = result.filter((h) => h.date.startsWith(`${year}-`)).sort((a, b) => a.date.localeCompare(b.date) || Number(a.substitute) - Number(b.substitute));
  cache.set(year, own);
  return own;
}

/** The holidays on one Seoul date (YYYY-MM-DD); empty outside 2000–2050 or on an ordinary day. */
export function holidaysOn(date: string): THoliday[] {
  const year = Number(date.slice(0, 4));
  if (year < MIN_HOLIDAY_YEAR || year > MAX_HOLIDAY_YEAR) return [];
  return koreanHolidays(year).filter((h) => h.date === date);
}
