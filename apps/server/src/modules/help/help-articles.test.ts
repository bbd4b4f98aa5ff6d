import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '@suite/shared';
import { ZHelpService } from '@suite/shared/schemas/help';
import { loadArticles, parseArticle, SLUG } from './articles.ts';
import { codeLinks, helpUrlOf } from './help-links.ts';
import { headingId, isAllowedLink, renderArticle } from './help-render.ts';

const FIXTURES = fileURLToPath(new URL('./testing/fixtures/', import.meta.url));

const front = (lines: string) => `---\n${lines}\n---\n본문입니다.\n`;
const GOOD = ['title: 제목', 'service: rooms', 'codes: []', 'updated: 2026-11-27', 'summary: 요약입니다.', 'questions:', '  - 어떻게 해요?'];
const withLine = (key: string, line: string | null) =>
  front(
    GOOD.filter((l) => !l.startsWith(`${key}:`) && !(key === 'questions' && l.startsWith('  -')))
      .concat(line ?? [])
      .join('\n'),
  );

describe('the articles shipped in ./articles', () => {
  const articles = loadArticles();

  it('all load, with unique slugs, known services and known error codes', () => {
    expect(articles.length).toBeGreaterThan(0);
    const slugs = articles.map((a) => a.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const a of articles) {
      expect(a.slug).toMatch(SLUG);
      expect(ZHelpService.options).toContain(a.service);
      for (const code of a.codes) expect(Object.keys(errorCatalogue), `${a.slug}: ${code}`).toContain(code);
      expect(a.questions.length).toBeGreaterThan(0);
      expect(a.body.length).toBeGreaterThan(0);
    }
  });

  it('link to help articles that exist', () => {
    const slugs = new Set(articles.map((a) => a.slug));
    const broken = articles.flatMap((a) =>
      [...a.body.matchAll(/\]\(\/help\/([a-z0-9-]+)[^)]*\)/g)]
        .map((m) => m[1]!)
        .filter((s) => !slugs.has(s))
        .map((s) => `${a.slug} → ${s}`),
    );
    expect(broken).toEqual([]);
  });

  it('are read once: a second call returns the same list', () => {
    expect(loadArticles()).toBe(articles);
  });

  it('render without raw HTML or script links', () => {
    for (const a of articles) {
      const html = renderArticle(a.body);
      expect(html, a.slug).not.toMatch(/<script|<iframe|<img[^>]+on\w+=|href="\s*(javascript|data|vbscript):/i);
    }
  });

  it('close every emphasis: no literal ** or __ reaches the page (a bold label ending in ? or ) before a particle does)', () => {
    for (const a of articles) {
      const text = renderArticle(a.body)
        .replace(/<(pre|code)[^>]*>[\s\S]*?<\/\1>/g, '')
        .replace(/<[^>]+>/g, '');
      expect(text, a.slug).not.toMatch(/\*\*|__/);
    }
  });
});

describe('parseArticle', () => {
  it('reads a valid article', () => {
    const a = parseArticle('rooms-x.md', front(GOOD.join('\n')));
    expect(a).toEqual({
      slug: 'rooms-x',
      title: '제목',
      service: 'rooms',
      codes: [],
      updated: '2026-11-27',
      summary: '요약입니다.',
      questions: ['어떻게 해요?'],
      body: '본문입니다.',
    });
  });

  it.each([
    ['an unknown service', withLine('service', 'service: weather'), /service/],
    ['an unknown error code', withLine('codes', 'codes: [NO_SUCH_CODE]'), /NO_SUCH_CODE/],
    ['a date in another format', withLine('updated', 'updated: 27.11.2026'), /updated/],
    ['a date that does not exist', withLine('updated', 'updated: 2026-02-30'), /updated/],
    ['no questions', withLine('questions', 'questions: []'), /questions/],
    ['a missing summary', withLine('summary', null), /summary/],
    ['a misspelt key', front([...GOOD, 'code: [MAIL_QUOTA]'].join('\n')), /code/],
    ['broken YAML', front('title: [열린 괄호\nservice: rooms'), /YAML/],
    ['no front matter', '# 제목\n본문', /front matter/],
  ])('refuses %s, naming the file', (_what, text, why) => {
    expect(() => parseArticle('rooms-x.md', text)).toThrow(/rooms-x\.md/);
    expect(() => parseArticle('rooms-x.md', text)).toThrow(why);
  });

  it('refuses a file name that is not a slug', () => {
    expect(() => parseArticle('Rooms_X.md', front(GOOD.join('\n')))).toThrow(/Rooms_X\.md/);
  });

  it('loads a folder sorted by slug', () => {
    expect(loadArticles(FIXTURES).map((a) => a.slug)).toEqual([
      'account-second-factor',
      'meal-first-round',
      'rooms-first-booking',
      'start-unsafe-markdown',
      'trouble-mail-quota',
    ]);
  });
});

describe('rendering', () => {
  const unsafe = loadArticles(FIXTURES).find((a) => a.slug === 'start-unsafe-markdown')!;
  const html = renderArticle(unsafe.body);

  it('escapes raw HTML: no script, no element with an event handler', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<a [^>]*onclick/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('&lt;img src=&quot;x&quot; onerror=&quot;alert(1)&quot;&gt;');
  });

  it('keeps only links to this site, anchors, http(s) and mailto', () => {
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual(['/help/rooms-first-booking', 'https://example.com/docs', 'mailto:help@example.com', `#${encodeURI('스크립트')}`]);
    expect(html).not.toMatch(/(href|src)="[^"]*(javascript|data:|vbscript|\/\/evil)/i);
    for (const bad of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      '//evil.example',
      '/\\evil.example',
      'file:///etc/passwd',
    ])
      expect(isAllowedLink(bad), bad).toBe(false);
  });

  it('marks external links noopener noreferrer, not internal ones', () => {
    expect(html).toContain('<a href="https://example.com/docs" rel="noopener noreferrer" target="_blank">');
    expect(html).toContain('<a href="/help/rooms-first-booking">');
  });

  it('gives headings unique anchor ids', () => {
    expect(html).toContain('<h2 id="스크립트">스크립트</h2>');
    expect(html).toContain('<h2 id="스크립트-2">스크립트</h2>');
    expect(headingId('결제 수단 바꾸기 (카드)')).toBe('결제-수단-바꾸기-카드');
    expect(headingId('!!!')).toBe('section');
  });
});

describe('help links of error codes', () => {
  it('prefer a troubleshooting article, then the first slug', () => {
    const links = codeLinks(loadArticles(FIXTURES));
    // MAIL_QUOTA is listed by account-second-factor (first alphabetically) and trouble-mail-quota.
    expect(links.get('MAIL_QUOTA')).toBe('trouble-mail-quota');
    expect(links.get('MAIL_THROTTLED')).toBe('trouble-mail-quota');
    expect(links.has('NOT_FOUND')).toBe(false);
  });

  it('point every code an article lists to /help/<slug>, and nothing else', () => {
    const articles = loadArticles();
    const listed = new Set<string>(articles.flatMap((a) => a.codes));
    for (const code of listed) {
      const url = helpUrlOf(code);
      expect(url, code).toMatch(/^\/help\/[a-z0-9-]+$/);
      expect(articles.find((a) => `/help/${a.slug}` === url)?.codes).toContain(code);
    }
    const unlisted = Object.keys(errorCatalogue).find((c) => !listed.has(c));
    if (unlisted) expect(helpUrlOf(unlisted)).toBeUndefined();
    expect(helpUrlOf('NO_SUCH_CODE')).toBeUndefined();
  });
});
