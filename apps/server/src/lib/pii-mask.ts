/**
 * Korean personal data typed by a customer, masked (issue 29, decision 082). A pure module: no I/O.
 *
 * Detection runs on a normalised copy of the same length: each character's NFKC form when that is one character
 * (full-width digits '９' → '9', '＠' → '@', '－' → '-', ideographic space → space) and every dash (‐ ‑ ‒ – — ― −) as '-'.
 * Starred characters replace the original's; everything else stays as typed. Separators inside a number: a space, or one
 * of - _ . / (any dash) with up to two spaces around it.
 *
 * What is masked, in this order (an earlier kind's stars are never matched again by a later one):
 * - 주민등록번호 / 외국인등록번호: YYMMDD-[1-8]xxxxxx, with or without a separator (a valid month and day; the check
 *   digit is not required) → `******-*******` (the separator kept as typed).
 * - card numbers: 13–19 digits, alone or in groups (4-4-4-4, Amex 4-6-5) with one kind of separator, Luhn-valid, and not
 *   right after 주문/송장/운송장/예약/접수(번호) → every digit but the last four starred, separators kept:
 *   `****-****-****-3456`.
 * - phone numbers: mobile (010, 011, 016–019), Seoul 02, regional 031–064, 070, also as +82 10 … / +82-2-… / 82-10-…
 *   → the middle group starred: `010-****-5678`, `010****5678`, `02-***-4567`, `+82 10-****-5678`.
 * - bank account numbers: a run of 10–16 digits, plain or in 2–4 hyphenated groups, only within 20 characters of a
 *   banking word (계좌, 입금, 송금, 이체, 은행, 예금주, a bank's name …), and not when it reads as an order, invoice or
 *   booking number (주문, 송장, 예약 … just before it, or a run that starts with a date such as 20261126-0012)
 *   → every digit but the last four starred: `******-**-**1234`.
 * - e-mail addresses (also a Hangul local part, '＠') → the first character of the local part kept: `a***@example.com`.
 *
 * Prices (12,000원), dates, times, order numbers and representative numbers (1588-1234) are left alone.
 */

export type TPiiKind = 'rrn' | 'card' | 'phone' | 'account' | 'email';
export type TMasked = { text: string; kinds: TPiiKind[] };

/** A separator inside a number: a dash, underscore, dot or slash with up to two spaces around it, or a lone space. */
const SEP = String.raw`(?:\s{0,2}[-_./]\s{0,2}|\s{1,2})`;
const RRN = new RegExp(String.raw`(?<![\d*])\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])${SEP}?[1-8]\d{6}(?![\d*])`, 'g');
const CARD = new RegExp(String.raw`(?<![\d*_/-])\d(?:${SEP}?\d){12,18}(?![\d*])`, 'g');
const PHONE = new RegExp(
  String.raw`(?<![\d*+])(\+82\s{0,2}[-_./]?\s{0,2}|82\s{0,2}[-_./]\s{0,2}|0)(1[016789]|2|[3-6][1-5]|70)(\s{0,2}[-_./)]\s{0,2}|\s{1,2}|)(\d{3,4})(${SEP}?)(\d{4})(?![\d*])`,
  'g',
);
const ACCOUNT = /(?<![\d*-])(\d{2,8}(?:-\d{1,8}){1,3}|\d{10,14})(?![\d*]|-\d)/g;
const EMAIL = /([\p{L}\p{N}])[\p{L}\p{N}._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/gu;

const BANK_WORDS =
  /계좌|입금|송금|이체|은행|뱅크|예금주|국민|신한|우리|하나|농협|기업|새마을|우체국|수협|신협|SC제일|씨티|케이뱅크|토스|카카오|부산|대구|경남|광주|전북|제주|산업/;
const NOT_ACCOUNT_BEFORE = /(주문|송장|운송장|예약|접수|회원|사업자|상품|모델|쿠폰)\s*(번호)?\s*(는|은|이|가|:)?\s*$/;
/** An order, invoice or booking number is not a card even when its digits pass the Luhn check. */
const NOT_CARD_BEFORE = /(주문|송장|운송장|예약|접수)\s*(번호)?\s*(는|은|이|가|:)?\s*$/;
const DATE_START = /^(19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])-/;
const DASHES = /[\u2010-\u2015\u2212]/;

const star = (s: string) => s.replace(/\d/g, '*');
/** Stars every digit but the last `keep`. */
function starAllBut(s: string, keep: number): string {
  let left = (s.match(/\d/g) ?? []).length - keep;
  return s.replace(/\d/g, (d) => (left-- > 0 ? '*' : d));
}

/** Characters that are their own NFKC form and no dash: ASCII and the precomposed Hangul syllables. */
function plain(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80 && (c < 0xac00 || c > 0xd7a3)) return false;
  }
  return true;
}

/**
 * The text with each character's one-character NFKC form and dashes as '-': the same length, position for position.
 * ASCII and Hangul syllables are their own form (an exhaustive test checks it), so a text of only those is returned as
 * it is and they skip `normalize` elsewhere: a call a character was most of the masker's time (≈ 7 µs a 25-character
 * text, bench/pii-scan.mjs).
 */
export function normalised(text: string): string {
  if (plain(text)) return text;
  let out = '';
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    if (c < 0x80 || (c >= 0xac00 && c <= 0xd7a3)) {
      out += ch;
      continue;
    }
    if (ch.length > 1) {
      out += ch; // outside the BMP: kept (two code units, still aligned)
      continue;
    }
    const n = ch.normalize('NFKC');
    out += DASHES.test(n) ? '-' : n.length === 1 ? n : ch;
  }
  return out;
}

/** Groups of a card are 4 digits (Amex 4-6-5) with one kind of separator; a run split elsewhere is not a card. */
function cardShaped(m: string): boolean {
  const seps = m.match(/\D+/g);
  if (!seps) return true;
  if (new Set(seps).size !== 1) return false;
  const g = m.split(/\D+/).map((x) => x.length);
  const [a = 0, b = 0, c = 0, d] = g;
  return (g.length === 3 || g.length === 4) && a === 4 && b >= 4 && b <= 6 && c >= 4 && c <= 5 && (d === undefined || (d >= 1 && d <= 7));
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Masks the personal data in `text`; `kinds` says which kinds were found (each once). */
export function maskPersonalData(text: string): TMasked {
  const kinds = new Set<TPiiKind>();
  // Every step below keeps the length, so a starred position of `out` is the same position in `text`.
  const norm = normalised(text);
  let out = norm.replace(RRN, (m) => {
    kinds.add('rrn');
    return star(m);
  });
  out = out.replace(CARD, (m, offset: number, whole: string) => {
    const digits = m.replace(/\D/g, '');
    if (digits.length < 13 || digits.length > 19 || !luhnValid(digits) || !cardShaped(m)) return m;
    if (NOT_CARD_BEFORE.test(whole.slice(Math.max(0, offset - 20), offset))) return m;
    kinds.add('card');
    return starAllBut(m, 4);
  });
  out = out.replace(PHONE, (_m, prefix: string, area: string, sep1: string, mid: string, sep2: string, last: string) => {
    kinds.add('phone');
    return `${prefix}${area}${sep1}${star(mid)}${sep2}${last}`;
  });
  out = out.replace(ACCOUNT, (m, _g: string, offset: number, whole: string) => {
    const digits = m.replace(/\D/g, '');
    if (digits.length < 10 || digits.length > 16) return m;
    if (DATE_START.test(m) || (/^\d+$/.test(m) && /^(19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])/.test(m) && digits.length <= 12)) return m;
    const before = whole.slice(Math.max(0, offset - 20), offset);
    const after = whole.slice(offset + m.length, offset + m.length + 20);
    if (NOT_ACCOUNT_BEFORE.test(before)) return m;
    if (!BANK_WORDS.test(before) && !BANK_WORDS.test(after)) return m;
    kinds.add('account');
    return starAllBut(m, 4);
  });
  // Back to the customer's characters, with the stars where something was masked.
  let merged = text;
  if (out !== norm) {
    merged = '';
    for (let i = 0; i < text.length; i++) merged += out[i] !== norm[i] ? out[i] : text[i];
  }
  // E-mail last: its mask changes the length. Found on the normalised copy ('＠'), spliced into the merged text.
  const forEmail = normalised(merged);
  if (!forEmail.includes('@')) return { text: merged, kinds: [...kinds] };
  let result = '';
  let at = 0;
  for (const e of forEmail.matchAll(EMAIL)) {
    kinds.add('email');
    result += merged.slice(at, e.index) + `${e[1]}***@${e[2]}`;
    at = e.index + e[0].length;
  }
  result += merged.slice(at);
  return { text: result, kinds: [...kinds] };
}

/** The masked text only (logs, lists, prompts). */
export const maskText = (text: string): string => maskPersonalData(text).text;
