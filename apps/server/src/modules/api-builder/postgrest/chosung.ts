/**
 * 초성 search (issue 36): `name=chosung.ㄱㅁㅅ` keeps rows whose text has, somewhere in it, consecutive syllables
 * whose initial consonants are ㄱ, ㅁ, ㅅ (김민수, 이김민수 and 김 민수 match; 민수김 does not). "Contains", not
 * "starts with": a name is often searched by its given name's initials as well, and `starts with` is the same pattern
 * anchored, which a caller cannot ask for but seldom needs.
 *
 * A Hangul syllable is U+AC00 + (initial × 21 + medial) × 28 + final, so the syllables of one initial are one range of
 * 588 code points: ㄱ → [가-깋]. The query becomes a regular expression of such ranges that the database evaluates in
 * the WHERE (PostgreSQL `~`, MariaDB/MySQL `REGEXP`), so the row cap applies after the filter, never before. Each
 * class also holds the bare consonant (a value typed as 'ㄱㅁㅅ' matches itself); a whole syllable in the query stands
 * for itself (`chosung.김ㅁㅅ`); spaces in the query are ignored and spaces between the value's syllables are allowed.
 * The pattern is built here only from Hangul characters: nothing of the caller's is regex syntax.
 */
import { ko } from '@suite/shared';
import { PgrstError } from './errors.ts';

const msg = ko.apiBuilder.pgrst;

/** Compatibility jamo of the 19 initial consonants, in the order of the syllable table. */
const INITIALS = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const FIRST = 0xac00;
const LAST = 0xd7a3;
const PER_INITIAL = 21 * 28;

/** The initial consonant (compatibility jamo) of a Hangul syllable; any other character as it is. */
export function initialOf(ch: string): string {
  const code = ch.codePointAt(0)!;
  if (code < FIRST || code > LAST) return ch;
  return INITIALS[Math.floor((code - FIRST) / PER_INITIAL)]!;
}

/** The text's initials: '김민수' → 'ㄱㅁㅅ', 'A동 3층' → 'A동 3층' with syllables replaced ('Aㄷ 3ㅊ'). */
export const initialsOf = (text: string): string => [...text].map(initialOf).join('');

const isSyllable = (code: number) => code >= FIRST && code <= LAST;

/**
 * The regular expression for a 초성 query, the same on both engines.
 *
 * >>> chosungPattern('ㄱㅁㅅ') → '[가-깋ㄱ]\s*[마-밓ㅁ]\s*[사-싷ㅅ]'
 * >>> chosungPattern('김ㅅ')   → '김\s*[사-싷ㅅ]'
 * >>> chosungPattern('kim')    → PGRST100 (only Hangul consonants and syllables)
 */
export function chosungPattern(query: string): string {
  const parts: string[] = [];
  for (const ch of query.replace(/\s+/g, '')) {
    const code = ch.codePointAt(0)!;
    const i = INITIALS.indexOf(ch);
    if (i >= 0) {
      const from = String.fromCodePoint(FIRST + i * PER_INITIAL);
      const to = String.fromCodePoint(FIRST + (i + 1) * PER_INITIAL - 1);
      parts.push(`[${from}-${to}${ch}]`);
    } else if (isSyllable(code)) {
      parts.push(ch);
    } else {
      throw new PgrstError(400, 'PGRST100', msg.chosungValue(query.slice(0, 64)), msg.chosungHint);
    }
  }
  if (!parts.length || parts.length > 64) throw new PgrstError(400, 'PGRST100', msg.chosungValue(query.slice(0, 64)), msg.chosungHint);
  return parts.join(String.raw`\s*`);
}

/** Column types 초성 search applies to: text of any kind (PostgreSQL and MySQL/MariaDB spellings, enums). */
export const isTextType = (type: string): boolean => /char|text|clob|string|enum|citext|name/i.test(type);
