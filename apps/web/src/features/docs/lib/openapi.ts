/**
 * The parts of the server's OpenAPI 3.1 document (GET /api/openapi.json) the reference shows: operations by tag, their
 * parameters and JSON schemas, a search over path, summary and tag, and a ready curl command per operation.
 */
export type TSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, TSchema>;
  required?: string[];
  items?: TSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: TSchema[];
  oneOf?: TSchema[];
  allOf?: TSchema[];
  format?: string;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  minimum?: number;
  description?: string;
};
type TMedia = { schema?: TSchema };
type TParam = { name: string; in: string; required?: boolean; schema?: TSchema; description?: string };
type TRawOperation = {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: TParam[];
  requestBody?: { content?: Record<string, TMedia>; required?: boolean };
  responses?: Record<string, { description?: string; content?: Record<string, TMedia> }>;
  security?: unknown[];
};
export type TOpenApiDoc = {
  info?: { title?: string; version?: string };
  paths: Record<string, Partial<Record<string, TRawOperation>>>;
  components?: { schemas?: Record<string, TSchema> };
};

export type TOperation = {
  id: string;
  method: string;
  path: string;
  tag: string;
  /** The tag's Korean name (searched too). */
  tagLabel: string;
  summary: string;
  parameters: TParam[];
  body: { type: string; schema: TSchema | undefined } | undefined;
  responses: { status: string; schema: TSchema | undefined }[];
  secured: boolean;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the document, in path order, each under its first tag (`untagged` when it has none). */
export function toOperations(doc: TOpenApiDoc, untagged: string, tagNames: Record<string, string> = {}): TOperation[] {
  const out: TOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op) continue;
      const content = op.requestBody?.content ?? {};
      const type = Object.keys(content)[0];
      out.push({
        id: `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        tag: op.tags?.[0] ?? untagged,
        tagLabel: tagNames[op.tags?.[0] ?? ''] ?? op.tags?.[0] ?? untagged,
        summary: op.summary ?? op.description ?? '',
        parameters: op.parameters ?? [],
        body: type ? { type, schema: content[type]?.schema } : undefined,
        responses: Object.entries(op.responses ?? {}).map(([status, r]) => ({ status, schema: r.content?.['application/json']?.schema })),
        secured: (op.security?.length ?? 0) > 0,
      });
    }
  }
  return out;
}

/** Operations whose path, summary, tag or method contain every word of `query` (case-insensitive). */
export function filterOperations(ops: TOperation[], query: string): TOperation[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return ops;
  return ops.filter((op) => {
    const text = `${op.method} ${op.path} ${op.summary} ${op.tag} ${op.tagLabel}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** Operations grouped by tag, in the order of the tags' Korean names. */
export function groupByTag(ops: TOperation[]): [string, TOperation[]][] {
  const groups = new Map<string, TOperation[]>();
  for (const op of ops) groups.set(op.tag, [...(groups.get(op.tag) ?? []), op]);
  const label = (tag: string) => groups.get(tag)![0]!.tagLabel;
  return [...groups.entries()].sort(([a], [b]) => label(a).localeCompare(label(b), 'ko'));
}

export function resolve(doc: TOpenApiDoc, schema: TSchema | undefined): TSchema | undefined {
  let s = schema;
  for (let i = 0; s?.$ref && i < 10; i++) s = doc.components?.schemas?.[s.$ref.replace('#/components/schemas/', '')];
  return s;
}

/** A plausible example value for `schema`: its example or default, the first enum value, or a value of its type. */
export function exampleOf(doc: TOpenApiDoc, schema: TSchema | undefined, depth = 0): unknown {
  const s = resolve(doc, schema);
  if (!s || depth > 6) return null;
  if (s.example !== undefined) return s.example;
  if (s.examples?.length) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return exampleOf(doc, alt.find((x) => resolve(doc, x)?.type !== 'null') ?? alt[0], depth + 1);
  if (s.allOf?.length) return Object.assign({}, ...s.allOf.map((x) => exampleOf(doc, x, depth + 1) as object));
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'object' || s.properties) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = exampleOf(doc, v, depth + 1);
    return out;
  }
  if (type === 'array') return [exampleOf(doc, s.items, depth + 1)];
  if (type === 'integer' || type === 'number') return s.minimum ?? 0;
  if (type === 'boolean') return true;
  if (type === 'string') {
    if (s.format === 'uuid') return '00000000-0000-0000-0000-000000000000';
    if (s.format === 'email') return 'name@example.com';
    if (s.format === 'date-time') return '2026-01-01T00:00:00.000Z';
    if (s.format === 'date') return '2026-01-01';
    if (s.format === 'uri') return 'https://example.com';
    return 'string';
  }
  return null;
}

/** A single-quoted shell word: `it's` → `'it'\''s'`. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * A ready curl command for `op` on `origin`: path parameters as `{name}` blanks, required query parameters with an
 * example value, the bearer header for secured operations and a JSON body built from the request schema.
 */
export function curlFor(doc: TOpenApiDoc, op: TOperation, origin: string, tokenPlaceholder: string): string {
  const query = op.parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(exampleOf(doc, p.schema) ?? ''))}`)
    .join('&');
  const url = `${origin}${op.path}${query ? `?${query}` : ''}`;
  const lines = [`curl -X ${op.method} ${shellQuote(url)}`];
  if (op.secured) lines.push(`-H ${shellQuote(`Authorization: Bearer ${tokenPlaceholder}`)}`);
  if (op.body?.type === 'application/json') {
    lines.push(`-H 'content-type: application/json'`);
    lines.push(`-d ${shellQuote(JSON.stringify(exampleOf(doc, op.body.schema)))}`);
  } else if (op.body?.type === 'multipart/form-data') lines.push(`-F 'file=@파일경로'`);
  return lines.join(' \\\n  ');
}

/** One line per schema: `{ name*: string, role: "owner" | "member", items: [{ … }] }`, `*` marking required fields. */
export function schemaSummary(doc: TOpenApiDoc, schema: TSchema | undefined, depth = 0): string {
  const s = resolve(doc, schema);
  if (!s) return '—';
  if (depth > 3) return '…';
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.const !== undefined) return JSON.stringify(s.const);
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return alt.map((x) => schemaSummary(doc, x, depth + 1)).join(' | ');
  if (s.allOf) return s.allOf.map((x) => schemaSummary(doc, x, depth + 1)).join(' & ');
  const type = Array.isArray(s.type) ? s.type.join(' | ') : s.type;
  if (type === 'array') return `[${schemaSummary(doc, s.items, depth + 1)}]`;
  if (type === 'object' || s.properties) {
    const req = new Set(s.required ?? []);
    const fields = Object.entries(s.properties ?? {}).map(([k, v]) => `${k}${req.has(k) ? '*' : ''}: ${schemaSummary(doc, v, depth + 1)}`);
    return fields.length ? `{ ${fields.join(', ')} }` : '{}';
  }
  return s.format ? `${type}(${s.format})` : (type ?? 'any');
}
