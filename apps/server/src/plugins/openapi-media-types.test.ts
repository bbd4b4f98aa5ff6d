import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestContext } from '../test/helpers.ts';

type TDoc = { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>> };

describe('OpenAPI media types of non-JSON answers', () => {
  let t: TTestContext;
  let doc: TDoc;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as TDoc;
  });
  afterAll(() => t.close());

  const ok = (path: string, method: string) => Object.keys(doc.paths[path]?.[method]?.responses?.['200']?.content ?? {});

  it('declares the iCalendar downloads as text/calendar', () => {
    expect(ok('/api/seeds/{seedId}/bookings/{bookingId}/ics', 'get')).toEqual(['text/calendar']);
    const feed = Object.keys(doc.paths).find((p) => p.startsWith('/api/calendar-feeds/'));
    expect(feed && ok(feed, 'get')).toEqual(['text/calendar']);
  });

  it('declares the CSV exports as text/csv', () => {
    expect(ok('/api/seeds/{seedId}/meal-ledger/export', 'get')).toEqual(['text/csv']);
    const adminExport = Object.keys(doc.paths).filter((p) => p.startsWith('/api/seeds/{seedId}/admin-builder/') && p.endsWith('/export.csv'));
    expect(adminExport.length).toBeGreaterThan(0);
    for (const p of adminExport) expect(ok(p, 'get')).toEqual(['text/csv']);
  });

  it('leaves no string body described as a media type under application/json', () => {
    for (const item of Object.values(doc.paths))
      for (const op of Object.values(item))
        for (const res of Object.values(op.responses ?? {})) {
          const json = res.content?.['application/json'] as { schema?: { type?: string; description?: string } } | undefined;
          expect(json?.schema?.type === 'string' && /^text\//.test(json.schema.description ?? '')).toBe(false);
        }
  });
});
