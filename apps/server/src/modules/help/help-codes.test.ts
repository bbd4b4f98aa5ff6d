/**
 * Every error code either has a help article or a written reason why not (issue 33): a new code fails here until it
 * gets one of the two. Also: no article names an unknown code (the loader refuses it), no code is both linked and
 * excused, the troubleshooting index lists every linked code with its link, and a real error answered by the app
 * carries `helpUrl` to the article.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@suite/shared';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { call, nextIp, uniqueEmail } from '../auth/testing/auth-test-kit.ts';
import { loadArticles } from './articles.ts';
import { WITHOUT_ARTICLE } from './codes-without-article.ts';
import { codeLinks } from './help-links.ts';

const articles = loadArticles();
const links = codeLinks(articles);
const codes = Object.keys(errorCatalogue);

describe('error codes and help articles', () => {
  it('every code of the catalogue has an article or is on WITHOUT_ARTICLE', () => {
    const orphans = codes.filter((c) => !links.has(c) && !(c in WITHOUT_ARTICLE));
    expect(orphans, 'give these codes an article (front matter `codes`) or a reason in codes-without-article.ts').toEqual([]);
  });

  it('no code on WITHOUT_ARTICLE has an article, and every excused code exists with a reason', () => {
    expect(Object.keys(WITHOUT_ARTICLE).filter((c) => links.has(c))).toEqual([]);
    expect(Object.keys(WITHOUT_ARTICLE).filter((c) => !codes.includes(c))).toEqual([]);
    for (const reason of Object.values(WITHOUT_ARTICLE)) expect(reason.trim().length).toBeGreaterThan(5);
  });

  it('articles name only codes of the catalogue', () => {
    const unknown = articles.flatMap((a) => a.codes.filter((c) => !codes.includes(c)).map((c) => `${a.slug}: ${c}`));
    expect(unknown).toEqual([]);
  });

  it('a troubleshooting article wins the link when a code is in several articles', () => {
    const both = articles.filter((a) => a.codes.includes('LOGIN_LOCKED')).map((a) => a.slug);
    expect(both).toContain('trouble-login-lock');
    expect(links.get('LOGIN_LOCKED')).toBe('trouble-login-lock');
  });

  it('the troubleshooting index has a row for every linked code, pointing at its article', () => {
    const index = articles.find((a) => a.slug === 'trouble-index');
    expect(index).toBeDefined();
    const rows = new Map<string, string>();
    for (const line of index!.body.split('\n')) {
      const m = /^\| `([A-Z0-9_]+)` \|.*\]\(\/help\/([a-z0-9-]+)\) \|$/.exec(line);
      if (m) rows.set(m[1]!, m[2]!);
    }
    const title = new Map(articles.map((a) => [a.slug, a.title]));
    const wrong = [...links]
      .filter(([code, slug]) => rows.get(code) !== slug)
      .map(([code, slug]) => `| \`${code}\` | ${errorCatalogue[code as keyof typeof errorCatalogue].message} | [${title.get(slug)}](/help/${slug}) |`);
    expect(wrong, 'add (or fix) these rows of trouble-index.md, in the order of errors.ts').toEqual([]);
    expect([...rows.keys()].filter((c) => !links.has(c))).toEqual([]);
  });
});

describe.each(dbKinds)('helpUrl in JSON errors (%s)', (kind) => {
  let t: TTestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a wrong password answers INVALID_CREDENTIALS with helpUrl to its article', async () => {
    const res = await call(t, { url: '/api/auth-login', body: { email: uniqueEmail('nobody'), password: 'Wrong-pass-123' }, ip: nextIp() });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_CREDENTIALS');
    expect(res.body.helpUrl).toBe(`/help/${links.get('INVALID_CREDENTIALS')}`);
    expect(res.body.helpUrl).toBe('/help/trouble-login-lock');
  });

  it('an error without an article carries no helpUrl', async () => {
    const res = await call(t, { url: '/api/no-such-route-for-help' });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('ROUTE_NOT_FOUND');
    expect(res.body.helpUrl).toBeUndefined();
  });
});
