/**
 * SQL fragments that carry their parameters (as PostgREST's SqlFragment does): a statement is composed from pieces,
 * each holding its text and the values it binds, and only `render` turns the whole into text with the engine's
 * placeholders (`$1…` or `?`) and the values in the same order. A value is never part of the text.
 *
 * ```ts
 * const where = sql`${raw('t0.')}${raw(d.quote('age'))} >= ${18}`;     // text "t0.\"age\" >= ?", values [18]
 * const both = join([where, sql`t0.name = ${'kim'}`], ' AND ');
 * render(both, (n) => `$${n}`);  // { text: 't0."age" >= $1 AND t0.name = $2', values: [18, 'kim'] }
 * ```
 *
 * `raw` is for text that is SQL by construction: identifiers quoted by the dialect (names come only from the
 * introspected schema) and integers the grammar validated.
 */
export class Sql {
  /** `strings.length === values.length + 1`: text, value, text, value, …, text. */
  readonly strings: readonly string[];
  readonly values: readonly unknown[];
  constructor(strings: readonly string[], values: readonly unknown[]) {
    this.strings = strings;
    this.values = values;
  }

  /** True when there is nothing to write. */
  get isEmpty(): boolean {
    return this.values.length === 0 && this.strings.every((s) => s === '');
  }
}

function append(strings: string[], values: unknown[], piece: unknown) {
  if (piece instanceof Sql) {
    strings[strings.length - 1] += piece.strings[0]!;
    piece.values.forEach((v, i) => {
      values.push(v);
      strings.push(piece.strings[i + 1]!);
    });
    return;
  }
  values.push(piece);
  strings.push('');
}

/** A fragment: interpolated fragments are inlined, anything else becomes a bound value. */
export function sql(text: TemplateStringsArray, ...pieces: unknown[]): Sql {
  const strings = [text[0]!];
  const values: unknown[] = [];
  pieces.forEach((p, i) => {
    append(strings, values, p);
    strings[strings.length - 1] += text[i + 1]!;
  });
  return new Sql(strings, values);
}

/** Text that is SQL by construction (a quoted identifier, a keyword, a validated integer). */
export const raw = (text: string): Sql => new Sql([text], []);

/** A non-negative integer written into the text (LIMIT, OFFSET, a row-number bound); anything else is refused. */
export function int(n: number): Sql {
  if (!Number.isSafeInteger(n) || n < 0) throw new TypeError(`not a non-negative integer: ${String(n).slice(0, 32)}`);
  return raw(String(n));
}

/** One bound value. */
export const param = (value: unknown): Sql => new Sql(['', ''], [value]);

/** Fragments joined by `separator` (plain SQL text such as `', '` or `' AND '`). */
export function join(parts: readonly Sql[], separator: string): Sql {
  const strings = [''];
  const values: unknown[] = [];
  parts.forEach((p, i) => {
    if (i > 0) strings[strings.length - 1] += separator;
    append(strings, values, p);
  });
  return new Sql(strings, values);
}

/** The statement's text with the n-th value written as `placeholder(n)` (1-based), and its values in that order. */
export function render(s: Sql, placeholder: (n: number) => string): { text: string; values: unknown[] } {
  let text = s.strings[0]!;
  for (let i = 0; i < s.values.length; i++) text += placeholder(i + 1) + s.strings[i + 1]!;
  return { text, values: [...s.values] };
}
