import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { ZHelpArticle, ZHelpArticleList } from '@suite/shared/schemas/help';
import { createTestApp, dbKinds, type TTestApp } from '../../test/helpers.ts';
import { loadArticles } from './articles.ts';

const articles = loadArticles();

describe.each(dbKinds)('help centre API (%s)', (kind) => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('lists every article without signing in, by service then title, cacheable', async () => {
    const res = await get('/api/help/articles');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const list = ZHelpArticleList.parse(res.json());
    expect(list.map((a) => a.slug).sort()).toEqual(articles.map((a) => a.slug).sort());
    const first = articles.find((a) => a.slug === list[0]!.slug)!;
    expect(list[0]).toEqual({ slug: first.slug, title: first.title, service: first.service, excerpt: first.summary });
  });

  it('filters by service', async () => {
    const service = articles[0]!.service;
    const list = ZHelpArticleList.parse((await get(`/api/help/articles?service=${service}`)).json());
    expect(list.length).toBe(articles.filter((a) => a.service === service).length);
    expect(new Set(list.map((a) => a.service))).toEqual(new Set([service]));
  });

  it('searches: an article is found by its own title, first', async () => {
    const a = articles[articles.length - 1]!;
    const list = ZHelpArticleList.parse((await get(`/api/help/articles?q=${encodeURIComponent(a.title)}`)).json());
    expect(list[0]?.slug).toBe(a.slug);
    expect(list.length).toBeLessThanOrEqual(20);
  });

  it('refuses an unknown service and an overlong query with a Korean 400', async () => {
    const bad = await get('/api/help/articles?service=weather');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(bad.json().error).toMatch(/[가-힣]/);
    expect((await get(`/api/help/articles?q=${'가'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('serves one article with its rendered HTML', async () => {
    const a = articles[0]!;
    const res = await get(`/api/help/articles/${a.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const body = ZHelpArticle.parse(res.json());
    expect(body).toMatchObject({ slug: a.slug, title: a.title, service: a.service, codes: a.codes, updated: a.updated });
    expect(body.html).toMatch(/^<(h2|p|ol|ul)/);
    expect(body.html).not.toMatch(/<script/i);
  });

  it('answers 404 in Korean for an unknown slug, 400 for one that is not a slug', async () => {
    const missing = await get('/api/help/articles/no-such-article');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND', error: ko.help.server.articleNotFound });
    const bad = await get('/api/help/articles/Not_A_Slug');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('is described in the OpenAPI document under the help tag', async () => {
    const doc = (await get('/api/openapi.json')).json() as { paths: Record<string, { get?: { tags?: string[]; summary?: string; security?: unknown } }> };
    for (const path of ['/api/help/articles', '/api/help/articles/{slug}']) {
      expect(doc.paths[path]?.get?.tags).toEqual(['help']);
      expect(doc.paths[path]?.get?.summary).toMatch(/도움말/);
      expect(doc.paths[path]?.get?.security).toBeUndefined();
    }
  });
});
