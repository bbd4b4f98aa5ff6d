/** `{base}/openapi.json`: an OpenAPI 3.1 document generated from the introspection of the published tables. */
import type { TDeps } from './api-builder.deps.ts';
import type { TColumn } from './engines/engine.ts';
import type { TKeyInfo, TLiveApi } from './runtime.ts';

function jsonType(c: TColumn): Record<string, unknown> {
  const t = c.type.toLowerCase();
  let schema: Record<string, unknown> = { type: 'string' };
  if (/^(tinyint\(1\)|boolean)/.test(t)) schema = { type: 'boolean' };
  else if (/^(smallint|integer|bigint|int|tinyint|mediumint|serial|bigserial)/.test(t)) schema = { type: 'integer' };
  else if (/^(numeric|decimal|real|double|float)/.test(t)) schema = { type: 'number' };
  else if (/^(json|jsonb)/.test(t)) schema = {};
  else if (/^(timestamp|datetime)/.test(t)) schema = { type: 'string', format: 'date-time' };
  else if (/^date/.test(t)) schema = { type: 'string', format: 'date' };
  return { ...schema, description: c.type, ...(c.nullable ? { nullable: true } : {}) };
}

const FILTER_HINT = 'PostgREST 필터: eq, neq, gt, gte, lt, lte, like, ilike, in, is (not. 접두사 가능)';

/** `scope`: the key the document is for; its tables and methods only (null: every published table and method). */
export function openApiDocument(deps: TDeps, live: TLiveApi, scope: Pick<TKeyInfo, 'methods' | 'tables'> = { methods: null, tables: null }) {
  const base = `${deps.config.appUrl}/api/v1/${live.api.id}`;
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  const params = [
    { name: 'select', in: 'query', schema: { type: 'string' }, description: '컬럼, 별칭(alias:col), 임베드(table(col))' },
    { name: 'order', in: 'query', schema: { type: 'string' }, description: 'col.asc|desc.nullsfirst|nullslast' },
    { name: 'limit', in: 'query', schema: { type: 'integer' } },
    { name: 'offset', in: 'query', schema: { type: 'integer' } },
  ];
  for (const t of live.schema.tables.values()) {
    const published = live.published.get(t.name);
    if (!published || (scope.tables && !scope.tables.includes(t.name))) continue;
    const pub = { ...published, methods: published.methods.filter((x) => !scope.methods || scope.methods.includes(x)) };
    if (!pub.methods.length) continue;
    schemas[t.name] = {
      type: 'object',
      properties: Object.fromEntries(t.columns.map((c) => [c.name, jsonType(c)])),
      required: t.columns.filter((c) => !c.nullable && !c.hasDefault).map((c) => c.name),
    };
    const ref = { $ref: `#/components/schemas/${t.name}` };
    const filters = t.columns.map((c) => ({ name: c.name, in: 'query', required: false, schema: { type: 'string' }, description: FILTER_HINT }));
    const ops: Record<string, unknown> = {};
    const ok = (d: string, s?: unknown) => ({ description: d, ...(s ? { content: { 'application/json': { schema: s } } } : {}) });
    if (pub.methods.includes('GET'))
      ops.get = {
        summary: `${t.name} 조회`,
        parameters: [...params, ...filters],
        responses: { 200: ok('행 목록', { type: 'array', items: ref }), 206: ok('일부 행') },
      };
    if (pub.methods.includes('POST'))
      ops.post = {
        summary: `${t.name} 추가 (upsert: Prefer resolution=merge-duplicates)`,
        requestBody: { content: { 'application/json': { schema: { oneOf: [ref, { type: 'array', items: ref }] } } } },
        responses: { 201: ok('추가됨') },
      };
    if (pub.methods.includes('PATCH'))
      ops.patch = {
        summary: `${t.name} 수정 (필터 필수)`,
        parameters: filters,
        requestBody: { content: { 'application/json': { schema: ref } } },
        responses: { 200: ok('수정됨'), 204: ok('수정됨') },
      };
    if (pub.methods.includes('DELETE'))
      ops.delete = { summary: `${t.name} 삭제 (필터 필수)`, parameters: filters, responses: { 200: ok('삭제됨'), 204: ok('삭제됨') } };
    paths[`/${t.name}`] = ops;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${live.connection.name} API`,
      version: live.api.createdAt.toISOString(),
      description: 'API 빌더가 데이터베이스 구조에서 만든 REST API (PostgREST 문법)',
    },
    servers: [{ url: base }],
    security: [{ bearer: [] }, { apikey: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, apikey: { type: 'apiKey', in: 'header', name: 'apikey' } },
      schemas,
    },
    paths,
  };
}
