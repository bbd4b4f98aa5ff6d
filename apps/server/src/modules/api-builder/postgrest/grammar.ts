/**
 * PostgREST's URL grammar, parsed into a plain tree (no SQL here; see sql.ts, read.ts, write.ts). Covers what postgrest-js sends:
 * select (aliases, casts refused, embedding with `!hint`/`!inner`), horizontal filters with `not.`, logic trees
 * `or=(…)`/`and=(…)` (nested, negated), order with nulls first/last, limit/offset per resource, `on_conflict`,
 * `columns`. Anything outside that grammar is a PgrstError (400), never a guess.
 */
import { ko } from '@suite/shared';
import { PgrstError } from './errors.ts';

const msg = ko.apiBuilder.pgrst;

/** `chosung`: 초성 search (issue 36, chosung.ts), not PostgREST's. */
export type TOp = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'in' | 'is' | 'chosung';
export const OPS: readonly TOp[] = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'in', 'is', 'chosung'];

export type TFilter = { kind: 'filter'; column: string; op: TOp; negated: boolean; value: string | string[] };
export type TLogic = { kind: 'logic'; op: 'and' | 'or'; negated: boolean; children: TCondition[] };
export type TCondition = TFilter | TLogic;

export type TSelectField = { kind: 'field'; name: string; alias: string | undefined };
export type TSelectEmbed = {
  kind: 'embed';
  relation: string;
  alias: string | undefined;
  hint: string | undefined;
  inner: boolean;
  select: TSelectItem[];
};
/** An aggregate (PostgREST v12): `amount.sum()`, `total:amount::int.sum()`, `count()`, `amount.avg()::int`. */
export type TAggregateFn = 'avg' | 'count' | 'max' | 'min' | 'sum';
export type TSelectAggregate = {
  kind: 'aggregate';
  fn: TAggregateFn;
  /** Undefined only for `count()` (every row). */
  column: string | undefined;
  alias: string | undefined;
  /** `column::cast.fn()` (the input) and `fn()::cast` (the result); names checked in aggregates.ts. */
  cast: string | undefined;
  resultCast: string | undefined;
};
export type TSelectItem = { kind: 'star' } | TSelectField | TSelectEmbed | TSelectAggregate;

const NAME_PART = String.raw`"[^"\p{Cc}]{1,128}"|[^(),.:!"\s\p{Cc}-]{1,128}`;
const AGGREGATE = new RegExp(
  String.raw`^(?:(${NAME_PART}):)?(?:(${NAME_PART})(?:::([a-z][a-z0-9 ]{0,31}))?\.)?(avg|count|max|min|sum)\(\)(?:::([a-z][a-z0-9 ]{0,31}))?$`,
  'u',
);

/**
 * One select item as an aggregate, or undefined when it is not one (PostgREST: `fn()` follows a column, only
 * `count()` stands alone).
 *
 * >>> parseAggregate('amount.sum()')            → { fn: 'sum', column: 'amount' }
 * >>> parseAggregate('total:amount::int.sum()') → { fn: 'sum', column: 'amount', alias: 'total', cast: 'int' }
 * >>> parseAggregate('count()')                 → { fn: 'count', column: undefined }
 * >>> parseAggregate('sum()')                   → PGRST100 (sum needs a column)
 */
function parseAggregate(part: string): TSelectAggregate | undefined {
  const m = AGGREGATE.exec(part);
  if (!m) return undefined;
  const fn = m[4] as TAggregateFn;
  if (!m[2] && fn !== 'count') throw new PgrstError(400, 'PGRST100', msg.badSelect(part.slice(0, 80)));
  return {
    kind: 'aggregate',
    fn,
    column: m[2] ? ident(m[2], msg.column) : undefined,
    alias: m[1] ? ident(m[1], msg.alias) : undefined,
    cast: m[3],
    resultCast: m[5],
  };
}

export type TOrder = { column: string; desc: boolean; nulls: 'first' | 'last' | undefined };

/** Per resource (root "" or an embed path "customers", "orders.items"). */
export type TResourceOptions = { where: TCondition[]; order: TOrder[]; limit: number | undefined; offset: number | undefined };

export type TParsedQuery = {
  select: TSelectItem[];
  /** Keyed by embed path ('' = the root table). */
  resources: Map<string, TResourceOptions>;
  onConflict: string[] | undefined;
  columns: string[] | undefined;
};

/**
 * A name as PostgREST reads it: any characters but the grammar's own (`( ) , . : ! " -` — PostgREST's `-` separates
 * JSON paths, refused here anyway) and control characters, so Korean and other non-ASCII names work unquoted
 * (`select=이름,부서`), or a double-quoted name with any characters but `"` (`select="주문 번호"`). A name is never SQL:
 * it must match an introspected table or column (or is only a JSON key, for an alias), and the engine quotes it.
 */
const IDENT = /^[^(),.:!"\s\p{Cc}-]{1,128}$/u;
const QUOTED_IDENT = /^"([^"\p{Cc}]{1,128})"$/u;

function ident(name: string, what: string): string {
  const n = name.trim();
  const quoted = QUOTED_IDENT.exec(n);
  if (quoted) return quoted[1]!;
  if (!IDENT.test(n)) throw new PgrstError(400, 'PGRST100', msg.badName(what, n.slice(0, 64)));
  return n;
}

/**
 * Splits on `sep` at depth 0, honouring parentheses and double-quoted strings (with backslash escapes).
 *
 * >>> splitTop('id,name,author(name,age)')    → ['id', 'name', 'author(name,age)']
 * >>> splitTop('a.eq.1,b.in.("x,y",z)')       → ['a.eq.1', 'b.in.("x,y",z)']
 * >>> splitTop('a,(b')                        → PGRST100 (unclosed)
 */
export function splitTop(s: string, sep = ','): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quoted) {
      if (c === '\\' && i + 1 < s.length) {
        cur += c + s[i + 1];
        i++;
        continue;
      }
      if (c === '"') quoted = false;
      cur += c;
      continue;
    }
    if (c === '"') quoted = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    if (depth < 0) throw new PgrstError(400, 'PGRST100', msg.parens);
    if (c === sep && depth === 0) {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += c;
  }
  if (depth !== 0 || quoted) throw new PgrstError(400, 'PGRST100', msg.unclosed);
  out.push(cur);
  return out;
}

function unquote(v: string): string {
  const t = v.trim();
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) return t.slice(1, -1).replace(/\\(.)/g, '$1');
  return v;
}

/**
 * The `select` parameter: columns, `alias:column`, `*`, and embeds `[alias:]relation[!hint][!inner](…)`.
 *
 * >>> parseSelect('id,name')          → [field id, field name]
 * >>> parseSelect('key:id')           → [field id as key]
 * >>> parseSelect('author(name)')     → [embed author (select: field name)]
 * >>> parseSelect('w:author!books_author_fk!inner(*)') → [embed author as w, hint books_author_fk, inner, select *]
 * >>> parseSelect('author()')         → [embed author (select: *)]
 * >>> parseSelect('id::text')         → PGRST100 (casts are refused)
 * >>> parseSelect('data->a')          → PGRST100 (JSON paths are refused)
 */
export function parseSelect(raw: string): TSelectItem[] {
  const items: TSelectItem[] = [];
  for (const untrimmed of splitTop(raw)) {
    const part = untrimmed.trim();
    if (part === '') throw new PgrstError(400, 'PGRST100', msg.emptySelect);
    if (part === '*') {
      items.push({ kind: 'star' });
      continue;
    }
    const aggregate = parseAggregate(part);
    if (aggregate) {
      items.push(aggregate);
      continue;
    }
    const open = part.indexOf('(');
    if (open >= 0) {
      if (!part.endsWith(')')) throw new PgrstError(400, 'PGRST100', msg.badSelect(part.slice(0, 80)));
      let head = part.slice(0, open);
      const inner = part.slice(open + 1, -1);
      let alias: string | undefined;
      const colon = head.indexOf(':');
      if (colon >= 0) {
        alias = ident(head.slice(0, colon), msg.alias);
        head = head.slice(colon + 1);
      }
      const [rel, ...bangs] = head.split('!');
      let hint: string | undefined;
      let innerJoin = false;
      for (const b of bangs) {
        if (b === 'inner') innerJoin = true;
        else if (b === 'left') innerJoin = false;
        else hint = ident(b, msg.hint);
      }
      items.push({
        kind: 'embed',
        relation: ident(rel ?? '', msg.relation),
        alias,
        hint,
        inner: innerJoin,
        select: inner === '' ? [{ kind: 'star' }] : parseSelect(inner),
      });
      continue;
    }
    if (part.includes('::')) throw new PgrstError(400, 'PGRST100', msg.noCast);
    if (part.includes('->')) throw new PgrstError(400, 'PGRST100', msg.noJsonPath);
    const colon = part.indexOf(':');
    if (colon >= 0) items.push({ kind: 'field', alias: ident(part.slice(0, colon), msg.alias), name: ident(part.slice(colon + 1), msg.column) });
    else items.push({ kind: 'field', alias: undefined, name: ident(part, msg.column) });
  }
  return items;
}

/**
 * `op.value` or `not.op.value` for a column (the operators of OPS).
 *
 * >>> parseFilterValue('age', 'gte.18')           → { op: 'gte', negated: false, value: '18' }
 * >>> parseFilterValue('name', 'like.*abc*')      → { op: 'like', value: '*abc*' }  (`*` becomes `%` in SQL)
 * >>> parseFilterValue('id', 'not.in.(1,"2,3")')  → { op: 'in', negated: true, value: ['1', '2,3'] }
 * >>> parseFilterValue('b', 'is.NULL')            → { op: 'is', value: 'null' }
 * >>> parseFilterValue('tags', 'cs.{a,b}')        → PGRST100 (not an operator of this grammar)
 * >>> parseFilterValue('a', 'eq')                 → PGRST100 (no value)
 */
export function parseFilterValue(column: string, raw: string): TFilter {
  let rest = raw;
  let negated = false;
  if (rest.startsWith('not.')) {
    negated = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const opName = dot < 0 ? rest : rest.slice(0, dot);
  if (!(OPS as readonly string[]).includes(opName)) {
    throw new PgrstError(400, 'PGRST100', msg.badOperator(opName.slice(0, 32)), msg.operators(OPS.join(', ')));
  }
  if (dot < 0) throw new PgrstError(400, 'PGRST100', msg.noValue(column));
  const op = opName as TOp;
  const value = rest.slice(dot + 1);
  if (op === 'in') {
    if (!value.startsWith('(') || !value.endsWith(')')) throw new PgrstError(400, 'PGRST100', msg.inFormat);
    const inner = value.slice(1, -1);
    return { kind: 'filter', column, op, negated, value: inner === '' ? [] : splitTop(inner).map(unquote) };
  }
  if (op === 'is') {
    const v = value.toLowerCase();
    if (!['null', 'true', 'false', 'unknown'].includes(v)) throw new PgrstError(400, 'PGRST100', msg.isValue);
    return { kind: 'filter', column, op, negated, value: v };
  }
  return { kind: 'filter', column, op, negated, value: unquote(value) };
}

/**
 * The value of `or=(…)` / `and=(…)`: filters and nested (optionally negated) trees. Columns stay unchecked here.
 *
 * >>> parseLogic('or', false, '(a.eq.1,b.is.null)')            → or[a eq 1, b is null]
 * >>> parseLogic('and', true, '(a.gt.2,or(b.eq.1,not.and(c.eq.1,d.eq.2)))') → not and[a gt 2, or[b eq 1, not and[c eq 1, d eq 2]]]
 * >>> parseLogic('or', false, 'a.eq.1')                        → PGRST100 (parentheses required)
 */
export function parseLogic(op: 'and' | 'or', negated: boolean, raw: string): TLogic {
  if (!raw.startsWith('(') || !raw.endsWith(')')) throw new PgrstError(400, 'PGRST100', msg.logicFormat(op));
  const children: TCondition[] = [];
  for (const part of splitTop(raw.slice(1, -1))) {
    const m = /^(not\.)?(and|or)(\(.*\))$/s.exec(part);
    if (m) {
      children.push(parseLogic(m[2] as 'and' | 'or', Boolean(m[1]), m[3]!));
      continue;
    }
    const dot = part.indexOf('.');
    if (dot <= 0) throw new PgrstError(400, 'PGRST100', msg.badCondition(part.slice(0, 80)));
    children.push(parseFilterValue(ident(part.slice(0, dot), msg.column), part.slice(dot + 1)));
  }
  if (!children.length) throw new PgrstError(400, 'PGRST100', msg.emptyLogic(op));
  return { kind: 'logic', op, negated, children };
}

/**
 * The `order` parameter: `column[.asc|.desc][.nullsfirst|.nullslast]`, comma-separated.
 *
 * >>> parseOrder('name.desc.nullslast,id') → [{ name, desc, nulls last }, { id, asc, nulls default }]
 * >>> parseOrder('name.sideways')          → PGRST100
 */
export function parseOrder(raw: string): TOrder[] {
  return splitTop(raw).map((part) => {
    const [col, ...mods] = part.split('.');
    const o: TOrder = { column: ident(col ?? '', msg.column), desc: false, nulls: undefined };
    for (const mod of mods) {
      if (mod === 'asc') o.desc = false;
      else if (mod === 'desc') o.desc = true;
      else if (mod === 'nullsfirst') o.nulls = 'first';
      else if (mod === 'nullslast') o.nulls = 'last';
      else throw new PgrstError(400, 'PGRST100', msg.badOrder(mod.slice(0, 32)));
    }
    return o;
  });
}

function nonNegativeInt(v: string, what: string): number {
  if (!/^\d{1,9}$/.test(v)) throw new PgrstError(400, 'PGRST100', msg.nonNegative(what));
  return Number(v);
}

const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns', 'or', 'and']);

/**
 * Parses the query string entries (in order, repeated keys allowed). Options and filters on an embed are prefixed by
 * its path (`books.order=title`, `books.limit=2`, `books.or=(…)`); `limit`/`offset` are non-negative integers.
 *
 * >>> parseQuery([['select', 'id,books(title)'], ['age', 'gte.18'], ['books.limit', '2']])
 *     → select [id, books(title)], resources { '' : where [age gte 18], 'books': limit 2 }
 * >>> parseQuery([['on_conflict', 'email'], ['columns', 'email,name']]) → onConflict ['email'], columns ['email', 'name']
 * >>> parseQuery([['limit', '-1']])        → PGRST100
 * >>> parseQuery([['books.select', 'x']])  → PGRST100 (select is not an embed option)
 */
export function parseQuery(entries: [string, string][]): TParsedQuery {
  const resources = new Map<string, TResourceOptions>();
  const res = (path: string) => {
    let r = resources.get(path);
    if (!r) {
      r = { where: [], order: [], limit: undefined, offset: undefined };
      resources.set(path, r);
    }
    return r;
  };
  res('');
  let select: TSelectItem[] = [{ kind: 'star' }];
  let onConflict: string[] | undefined;
  let columns: string[] | undefined;
  for (const [key, value] of entries) {
    if (key === 'select') {
      select = value.trim() === '' ? [{ kind: 'star' }] : parseSelect(value);
      continue;
    }
    if (key === 'on_conflict') {
      onConflict = splitTop(value).map((c) => ident(unquote(c), msg.column));
      continue;
    }
    if (key === 'columns') {
      columns = splitTop(value).map((c) => ident(unquote(c), msg.column));
      continue;
    }
    // `path.to.embed.key` or `key`; the last segment is the option, a filter's column, or a logic operator.
    const segs = key.split('.');
    let last = segs.pop()!;
    let negatedLogic = false;
    if (segs.length && segs[segs.length - 1] === 'not' && (last === 'or' || last === 'and')) {
      segs.pop();
      negatedLogic = true;
    }
    const path = segs.map((s) => ident(s, msg.relation)).join('.');
    const r = res(path);
    if (last === 'or' || last === 'and') {
      r.where.push(parseLogic(last, negatedLogic, value));
    } else if (last === 'order') {
      r.order.push(...parseOrder(value));
    } else if (last === 'limit') {
      r.limit = nonNegativeInt(value, 'limit');
    } else if (last === 'offset') {
      r.offset = nonNegativeInt(value, 'offset');
    } else if (RESERVED.has(last) && path) {
      throw new PgrstError(400, 'PGRST100', msg.embedOption(last));
    } else {
      last = ident(last, msg.column);
      r.where.push(parseFilterValue(last, value));
    }
  }
  return { select, resources, onConflict, columns };
}
