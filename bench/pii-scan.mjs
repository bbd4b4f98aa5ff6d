// Issue 34 / decision 102: what the data API's personal-number search costs for the text values of an answer when
// the key may not read personal data (every text value of every row goes through `maskFound`). The baseline is the
// search as it was (the Unicode expression on every value), measured in the same run, alternating, 7 rounds; medians
// and spread. Values: the bench table's ('상품 4242', 'note 4242'), Korean names and addresses, and texts with numbers
// that are not personal (prices, dates, order numbers) — the masker itself runs for the latter in both.
// Second, the masker's normalised copy of a text (lib/pii-mask.ts `normalised`, twice a masked text): a character's
// NFKC form asked of `normalize` for every character (before, copied here as the baseline) against ASCII and Hangul
// syllables taken as they are (now).
//   node bench/pii-scan.mjs
import { cpus } from 'node:os';
import { maskFound, personalKindOf } from '../apps/server/src/modules/api-builder/postgrest/pii-columns.ts';
import { maskPersonalData, normalised } from '../apps/server/src/lib/pii-mask.ts';

const ENOUGH_DIGITS = /(?:\p{Nd}\D{0,3}){9}/u;
const before = (value) => {
  if (!ENOUGH_DIGITS.test(value)) return value;
  const m = maskPersonalData(value);
  return m.kinds.some((k) => k === 'rrn' || k === 'card' || k === 'phone') ? m.text : value;
};
const values = [];
for (let i = 1; i <= 2000; i++) {
  values.push(
    `상품 ${i * 37}`,
    `note ${i * 37}`,
    `김민수${i % 10}`,
    `서울특별시 강남구 테헤란로 ${i % 500}길 ${i % 90}`,
    `가격 ${i * 100}원, 2026-11-${String((i % 28) + 1).padStart(2, '0')}`,
    `주문번호 20261126-${String(i).padStart(4, '0')}`,
  );
}
// Same answers from both.
for (const v of values) if (before(v) !== maskFound(v)) throw new Error(`differs: ${v}`);

function time(fn, set) {
  const t0 = process.hrtime.bigint();
  let n = 0;
  for (let r = 0; r < 20; r++) for (const v of set) n += fn(v).length;
  return { ns: Number(process.hrtime.bigint() - t0) / (20 * set.length), n };
}
const rounds = 7;
const med = (xs) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)];
const fmt = (xs) => `${med(xs).toFixed(0)} ns (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;
console.log(`${cpus()[0]?.model}, Node ${process.version}, ${rounds} rounds, ns a text value, median (min–max)`);
/** `oldFn` and `newFn` over `set`, alternating (a first round of warm-up left out); prints medians and the ratio. */
function compare(name, oldFn, newFn, set) {
  const a = [];
  const b = [];
  for (let r = 0; r < rounds + 1; r++) {
    const x = time(oldFn, set);
    const y = time(newFn, set);
    if (r > 0) {
      a.push(x.ns);
      b.push(y.ns);
    }
  }
  console.log(`${name}: before ${fmt(a)}, now ${fmt(b)}, now ÷ before ${(med(b) / med(a)).toFixed(2)}`);
}
const sets = [
  ['the bench table (상품 N, note N)', values.filter((_, i) => i % 6 < 2)],
  ['names and addresses', values.filter((_, i) => i % 6 === 2 || i % 6 === 3)],
  ['prices, dates, order numbers (the masker runs)', values.filter((_, i) => i % 6 >= 4)],
  ['all of them', values],
];
for (const [name, set] of sets) compare(name, before, maskFound, set);
// personalKindOf is remembered per table and column: a new plan no longer works the names out again.
const table = {
  name: 'items',
  primaryKey: ['id'],
  foreignKeys: [],
  columns: [
    { name: 'id', type: 'integer' },
    { name: 'note', type: 'text' },
    { name: 'phone', type: 'text' },
  ],
};
if (personalKindOf(table, table.columns[2]) !== 'phone' || personalKindOf(table, table.columns[1]) !== undefined) throw new Error('kinds');

const DASHES = /[\u2010-\u2015\u2212]/;
function normalisedBefore(text) {
  let out = '';
  for (const ch of text) {
    if (ch.length > 1) {
      out += ch;
      continue;
    }
    const n = ch.normalize('NFKC');
    out += DASHES.test(n) ? '-' : n.length === 1 ? n : ch;
  }
  return out;
}
const texts = values.filter((_, i) => i % 6 >= 3);
for (const t of [...texts, '０１０－１２３４－５６７８ 으로 연락']) if (normalisedBefore(t) !== normalised(t)) throw new Error(`normalised differs: ${t}`);
compare("the masker's normalised copy (addresses, prices with dates, order numbers)", normalisedBefore, normalised, texts);
