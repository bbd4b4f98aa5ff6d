/**
 * Korean personal data in the data API's answers (issue 36): unless the API key may read personal data
 * (`api_keys.read_personal_data`, off by default), values that are 주민등록번호, phone, card or account numbers are
 * masked in every answer (the root rows and every embedded level, reads and `return=representation`).
 *
 * Two ways a value is found:
 * - by its column's name: a text or number column whose name has a word such as rrn, jumin, resident, ssn, 주민 (→ rrn);
 *   phone, mobile, tel, cell, hp, fax, 전화, 휴대, 핸드폰, 연락처 (→ phone); card, 카드 (→ card); account, acct, 계좌
 *   (→ account). Not when the name also says it is something else about the number (id, type, name, holder, status,
 *   count, date, verified …, 명, 종류, 여부 …) or the column is part of a primary or foreign key. Every value of such a column is
 *   masked, whatever its shape: rrn → every digit starred; phone → the middle group (`010-****-5678`) as the chatbot's
 *   masker writes it, or every digit but the last four; card and account → every digit but the last four.
 * - by its value, in any other text column: a value with at least nine digits goes through the chatbot's masker
 *   (lib/pii-mask.ts) and its masked text is sent when the masker found a 주민등록번호, card or phone number in it
 *   (e-mail addresses and account numbers in free text are left as they are on this path).
 * A key that may not read them cannot probe them either: filtering or ordering by a name-detected column is refused
 * (403), except `is.null` / `not.is.null`, and so is an aggregate of one other than `count()`; `min()`/`max()` of
 * another text column is searched as its values are.
 */
import { ko } from '@suite/shared';
import type { TColumn, TTableInfo } from '../engines/engine.ts';
import { maskPersonalData } from '../../../lib/pii-mask.ts';
import { PgrstError } from './errors.ts';
import type { TCondition } from './grammar.ts';
import type { TPlan } from './read.ts';

const msg = ko.apiBuilder.pgrst;

export type TPersonalKind = 'rrn' | 'phone' | 'card' | 'account';

const WORDS: [TPersonalKind, RegExp, RegExp][] = [
  ['rrn', /^(rrn|jumin|juminno|ssn|resident|residentno|rrno)$/, /주민|외국인등록/],
  ['phone', /^(tel|telno|hp|cell|fax|mobile|mobileno|\w*phone\w*)$/, /전화|휴대|핸드폰|연락처/],
  ['card', /^(\w*card\w*)$/, /카드/],
  ['account', /^(acct|acctno|\w*account\w*)$/, /계좌/],
];
const NOT_THE_NUMBER =
  /^(id|ids|uuid|key|count|cnt|type|kind|brand|name|holder|owner|status|yn|flag|verified|at|date|time|agree|consent|company|issuer|url|image|memo|note|limit)$/;
const NOT_THE_NUMBER_KO = /명$|종류|여부|상태|일시|동의|회사|메모/;

const words = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

const TEXT = /char|text|clob|string|citext/i;
const NUMBER = /int|numeric|decimal|number/i;

/**
 * Per introspected table (a re-synced schema is new objects), each column's kind once worked out: a read's plan is new
 * whenever its query is (an uncached read of a new id), and the name's words and expressions cost about 3 µs a request.
 */
const kinds = new WeakMap<TTableInfo, Map<TColumn, TPersonalKind | null>>();

/** The kind of personal number a column holds by its name, or undefined. */
export function personalKindOf(table: TTableInfo, column: TColumn): TPersonalKind | undefined {
  let known = kinds.get(table);
  if (!known) kinds.set(table, (known = new Map()));
  let kind = known.get(column);
  if (kind === undefined) known.set(column, (kind = kindByName(table, column) ?? null));
  return kind ?? undefined;
}

function kindByName(table: TTableInfo, column: TColumn): TPersonalKind | undefined {
  if (!TEXT.test(column.type) && !NUMBER.test(column.type)) return undefined;
  if (table.primaryKey.includes(column.name) || table.foreignKeys.some((fk) => fk.columns.includes(column.name))) return undefined;
  const ws = words(column.name);
  if (ws.some((w) => NOT_THE_NUMBER.test(w)) || NOT_THE_NUMBER_KO.test(column.name)) return undefined;
  for (const [kind, en, koWord] of WORDS) {
    if (ws.some((w) => en.test(w)) || koWord.test(column.name)) return kind;
  }
  return undefined;
}

const DIGIT = /\p{Nd}/gu;

function starAllBut(s: string, keep: number): string {
  let left = (s.match(DIGIT) ?? []).length;
  // A short number keeps nothing: four digits of six would be most of it.
  left = left >= 8 ? left - keep : left;
  return s.replace(DIGIT, (d) => (left-- > 0 ? '*' : d));
}

/** A value of a column of `kind`, masked. */
export function maskAs(kind: TPersonalKind, value: string): string {
  if (kind === 'rrn') return value.replace(DIGIT, '*');
  if (kind === 'phone') {
    const m = maskPersonalData(value);
    return m.kinds.includes('phone') ? m.text : starAllBut(value, 4);
  }
  return starAllBut(value, 4);
}

const ENOUGH_DIGITS = /(?:\p{Nd}\D{0,3}){9}/u;
const ONE_DIGIT = /^\p{Nd}$/u;

/**
 * Whether `value` holds fewer than nine decimal digits (of any script), so ENOUGH_DIGITS cannot match it: a loop over
 * its characters instead of the Unicode expression, which took about 3 % of an uncached list's CPU (every text value of
 * every row goes through here). ASCII digits are counted; below U+0660 (the first other digit) and in the Hangul
 * syllables there are no others; any other character is asked of \p{Nd}, and a surrogate pair (digits outside the
 * BMP) sends the value to the expression.
 */
export function tooFewDigits(value: string): boolean {
  if (value.length < 9) return true;
  let digits = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c < 0x660 || (c >= 0xac00 && c <= 0xd7a3)) continue;
    else if (c >= 0xd800 && c <= 0xdfff) return false;
    else if (ONE_DIGIT.test(value[i]!)) digits++;
    if (digits >= 9) return false;
  }
  return true;
}

/** A value of a column not named as personal: masked when the masker finds a 주민등록번호, card or phone number in it. */
export function maskFound(value: string): string {
  if (tooFewDigits(value) || !ENOUGH_DIGITS.test(value)) return value;
  const m = maskPersonalData(value);
  return m.kinds.some((k) => k === 'rrn' || k === 'card' || k === 'phone') ? m.text : value;
}

type TMasker = { key: string; kind: TPersonalKind | undefined; text: boolean };
const maskers = new WeakMap<TPlan, { fields: TMasker[]; embeds: { key: string; plan: TPlan }[] }>();

function maskerOf(plan: TPlan) {
  let m = maskers.get(plan);
  if (!m) {
    const fields: TMasker[] = [];
    for (const f of plan.fields) {
      const c = plan.table.columns.find((x) => x.name === f.column);
      if (!c) continue;
      const kind = personalKindOf(plan.table, c);
      const text = TEXT.test(c.type);
      if (kind || text) fields.push({ key: f.key, kind, text });
    }
    // min()/max() of a text column is one of its values: searched as any other text value (a personal column's are refused).
    for (const a of plan.aggregates) {
      const c = a.column === undefined ? undefined : plan.table.columns.find((x) => x.name === a.column);
      if (c && (a.fn === 'min' || a.fn === 'max') && TEXT.test(c.type)) fields.push({ key: a.key, kind: undefined, text: true });
    }
    m = { fields, embeds: plan.embeds.map((e) => ({ key: e.key, plan: e.plan })) };
    maskers.set(plan, m);
  }
  return m;
}

/** The shaped rows of `plan` with personal numbers masked (in place; returned for convenience). */
export function maskRows(plan: TPlan, rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const { fields, embeds } = maskerOf(plan);
  for (const row of rows) {
    for (const f of fields) {
      const v = row[f.key];
      if (v === null || v === undefined) continue;
      if (f.kind) row[f.key] = maskAs(f.kind, typeof v === 'string' ? v : String(v));
      else if (typeof v === 'string') row[f.key] = maskFound(v);
    }
    for (const e of embeds) {
      const v = row[e.key];
      if (Array.isArray(v)) maskRows(e.plan, v as Record<string, unknown>[]);
      else if (v && typeof v === 'object') maskRows(e.plan, [v as Record<string, unknown>]);
    }
  }
  return rows;
}

/** Refuses a filter or order on a name-detected personal column (any level), except `is.null` and its negation. */
export function assertNoPersonalFilters(plan: TPlan): void {
  const personal = (name: string) => {
    const c = plan.table.columns.find((x) => x.name === name);
    return c !== undefined && personalKindOf(plan.table, c) !== undefined;
  };
  const refuse = (name: string) => new PgrstError(403, 'PGRST403', msg.personalColumn(name), msg.personalColumnHint);
  const check = (c: TCondition): void => {
    if (c.kind === 'logic') return c.children.forEach(check);
    if (c.op === 'is' && c.value === 'null') return;
    if (personal(c.column)) throw refuse(c.column);
  };
  plan.options.where.forEach(check);
  // An aggregate of a personal column other than count() would hand out its values (max) or something made of them.
  for (const a of plan.aggregates) {
    if (a.column !== undefined && a.fn !== 'count' && personal(a.column))
      throw new PgrstError(403, 'PGRST403', msg.personalAggregate(a.column), msg.personalColumnHint);
  }
  for (const o of plan.options.order) if (personal(o.column)) throw refuse(o.column);
  plan.embeds.forEach((e) => assertNoPersonalFilters(e.plan));
}
