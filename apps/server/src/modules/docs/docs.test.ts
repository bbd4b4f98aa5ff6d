/** Developer documentation's HTTP API (issue 33): guides and the changelog for signed-in members, rendered safely. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZChangelog, ZDocGuide, ZDocGuideList } from '@suite/shared';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { renderMarkdown } from './docs-render.ts';
import { parseChangelog, readGuideSources } from './docs.service.ts';

const ROOT_VERSION = (JSON.parse(readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8')) as { version?: string }).version;

describe('docs rendering', () => {
  it('keeps raw HTML as text and drops script links', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n[a](javascript:alert(1)) [b](https://example.com) <img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('href="https://example.com"');
  });

  it("refuses protocol-relative links (another site) and keeps this site's own", () => {
    const html = renderMarkdown('[a](/\\/evil.com) [b](<//evil.com>) [c](/help/x) [d](./y)');
    expect(html).not.toMatch(/href="[/\\]{2}/);
    expect(html).toContain('href="/help/x"');
    expect(html).toContain('href="./y"');
  });

  it('marks a fence with its language only', () => {
    expect(renderMarkdown('```sh test\ncurl -fsS "$BASE" <x>\n```')).toBe(
      '<pre><code class="language-sh">curl -fsS &quot;$BASE&quot; &lt;x&gt;\n</code></pre>\n',
    );
  });

  it('parses releases newest first and ignores text before the first release', () => {
    const text = '# 변경 기록\n\n소개\n\n## 1.1.0 — 2026-02-01 — 둘째\n\n- 나중\n\n## 1.0.0 — 2026-01-01 — 첫째\n\n- 처음\n';
    const parsed = parseChangelog(text);
    expect(parsed.map((r) => [r.version, r.date, r.title])).toEqual([
      ['1.1.0', '2026-02-01', '둘째'],
      ['1.0.0', '2026-01-01', '첫째'],
    ]);
    expect(parsed[0]!.html).toContain('<li>나중</li>');
  });

  it('every guide has a title, a summary and a distinct order', () => {
    const guides = readGuideSources();
    expect(guides.length).toBeGreaterThanOrEqual(4);
    for (const g of guides) {
      expect(g.title.length, g.slug).toBeGreaterThan(2);
      expect(g.summary.length, g.slug).toBeGreaterThan(10);
    }
    expect(new Set(guides.map((g) => g.order)).size).toBe(guides.length);
  });
});

describe.each(dbKinds)('docs routes (%s)', (kind) => {
  let t: TTestContext;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
    token = (await signedIn(t, { fullName: '문서 독자' })).token;
  }, 60_000);
  afterAll(async () => t?.close());

  it('needs a signed-in member', async () => {
    for (const url of ['/api/docs/guides', '/api/docs/guides/data-api', '/api/docs/changelog']) expect((await api(t)('GET', url)).status, url).toBe(401);
  });

  it('lists the guides in their order and serves each as HTML with this installation address', async () => {
    const list = await api(t, token)('GET', '/api/docs/guides');
    expect(list.status).toBe(200);
    const guides = ZDocGuideList.parse(list.body);
    expect(guides.map((g) => g.slug)).toEqual(['data-api', 'chatbot', 'webhooks', 'calendar-feed']);
    for (const g of guides) {
      const res = await api(t, token)('GET', `/api/docs/guides/${g.slug}`);
      expect(res.status, g.slug).toBe(200);
      const guide = ZDocGuide.parse(res.body);
      expect(guide.title).toBe(g.title);
      expect(guide.html).not.toContain('{{');
      expect(guide.html).not.toContain('<script');
    }
    const data = ZDocGuide.parse((await api(t, token)('GET', '/api/docs/guides/data-api')).body);
    expect(data.html).toContain(`export BASE='${t.config.appUrl}'`);
    expect(data.html).toContain('&lt;API_KEY&gt;');
    expect(data.html).toContain('<code class="language-js">');
  });

  it('an unknown guide is a Korean 404, a malformed name a 400', async () => {
    const missing = await api(t, token)('GET', '/api/docs/guides/no-such-guide');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND', error: '찾는 가이드가 없어요.' });
    expect((await api(t, token)('GET', '/api/docs/guides/..%2Fsecrets')).status).toBe(400);
    expect((await api(t, token)('GET', '/api/docs/guides/DATA_API')).status).toBe(400);
  });

  it("the changelog's newest release is the root package.json version, and releases go newest first", async () => {
    const res = await api(t, token)('GET', '/api/docs/changelog');
    expect(res.status).toBe(200);
    const releases = ZChangelog.parse(res.body);
    expect(releases.length).toBeGreaterThanOrEqual(3);
    expect(ROOT_VERSION).toBeDefined();
    expect(releases[0]!.version).toBe(ROOT_VERSION);
    const key = (v: string) =>
      v
        .split('.')
        .map((n) => n.padStart(4, '0'))
        .join('.');
    for (let i = 1; i < releases.length; i++) {
      expect(key(releases[i - 1]!.version) > key(releases[i]!.version), releases[i]!.version).toBe(true);
      expect(releases[i - 1]!.date >= releases[i]!.date).toBe(true);
    }
    for (const r of releases) expect(r.html).toContain('<li>');
  });

  it('the OpenAPI document the reference renders is public and lists the docs routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { summary?: string }>> };
    expect(doc.paths['/api/docs/guides/{slug}']?.get?.summary).toBe('개발자 가이드 (HTML)');
    expect(Object.keys(doc.paths).length).toBeGreaterThan(50);
  });
});
