import { describe, expect, it } from 'vitest';
import { SAMPLE_DOC } from '../testing/sample-openapi';
import { curlFor, exampleOf, filterOperations, groupByTag, shellQuote, toOperations } from './openapi';

describe('OpenAPI helpers', () => {
  const ops = toOperations(SAMPLE_DOC, '기타', { rooms: '회의실', system: '시스템' });

  it('lists every operation under its first tag', () => {
    expect(ops.map((o) => o.id)).toEqual([
      'get /api/seeds/{seedId}/rooms',
      'post /api/seeds/{seedId}/rooms',
      'get /api/health',
      'post /api/chatbot/{botId}/conversations',
    ]);
    expect(groupByTag(ops).map(([tag, list]) => [tag, list[0]!.tagLabel, list.length])).toEqual([
      ['기타', '기타', 1],
      ['system', '시스템', 1],
      ['rooms', '회의실', 2],
    ]);
  });

  it('filters by path, Korean summary, tag and method, every word', () => {
    expect(filterOperations(ops, '회의실').map((o) => o.method)).toEqual(['GET', 'POST']);
    expect(filterOperations(ops, 'post rooms').map((o) => o.summary)).toEqual(['회의실 만들기']);
    expect(filterOperations(ops, '/api/HEALTH').map((o) => o.path)).toEqual(['/api/health']);
    expect(filterOperations(ops, 'system 회의실')).toEqual([]);
    expect(filterOperations(ops, '시스템').map((o) => o.path)).toEqual(['/api/health']);
    expect(filterOperations(ops, '  ')).toHaveLength(4);
  });

  it('builds an example body from the schema', () => {
    expect(exampleOf(SAMPLE_DOC, ops[1]!.body!.schema)).toEqual({ name: "회의실 'A'", capacity: 1, kind: 'small' });
    expect(exampleOf(SAMPLE_DOC, { $ref: '#/components/schemas/Room' })).toEqual({ id: '00000000-0000-0000-0000-000000000000' });
  });

  it('builds a curl with the bearer header, the JSON body quoted for the shell, and required query parameters', () => {
    expect(curlFor(SAMPLE_DOC, ops[1]!, 'https://suite.example', '<토큰>')).toBe(
      [
        "curl -X POST 'https://suite.example/api/seeds/{seedId}/rooms'",
        "-H 'Authorization: Bearer <토큰>'",
        "-H 'content-type: application/json'",
        `-d '{"name":"회의실 '\\''A'\\''","capacity":1,"kind":"small"}'`,
      ].join(' \\\n  '),
    );
    expect(curlFor(SAMPLE_DOC, ops[3]!, 'https://suite.example', '<토큰>')).toBe(
      "curl -X POST 'https://suite.example/api/chatbot/{botId}/conversations?lang=ko'",
    );
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });
});
