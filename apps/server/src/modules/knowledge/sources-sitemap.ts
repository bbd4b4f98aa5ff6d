/**
 * A whole site as one knowledge source, from its sitemap (issue 29, decision 082). The sitemap (or sitemap index, one
 * level of nesting more, .xml or .xml.gz) comes through the guarded fetcher like every URL source; only pages of the
 * sitemap's own origin are read, at most SITEMAP_MAX_PAGES, each through the same page fetcher as a URL source, and
 * only where the site's robots.txt allows our user agent (its own group, else `*`; longest match wins, Allow on a tie;
 * `*` and `$` patterns). A robots.txt that answers 4xx allows everything; one that cannot be read (5xx, no answer)
 * stops the crawl, as RFC 9309 asks. The text of each page sits under a heading with the page's title, so passages
 * keep it, and each passage keeps its page's address (cited with an answer). Re-fetched daily on the job runner like URL sources (knowledge.service.ts).
 */
import { gunzipSync } from 'fflate';
import { koChatbotSources } from '@suite/shared/messages/ko-chatbot-sources';
import { AppError } from '../../lib/app-error.ts';
import { guardedFetch } from '../../lib/guarded-fetch.ts';

const m = koChatbotSources.server;

/** Pages read per sitemap source. */
export const SITEMAP_MAX_PAGES = 200;
/** The product token our fetcher sends (lib/guarded-fetch.ts's user-agent), matched in robots.txt. */
export const ROBOTS_AGENT = 'company-tools-fetch';
const MAX_SITEMAP_BYTES = 10 * 1_048_576;
const MAX_CHILD_SITEMAPS = 20;
const MAX_TEXT_CHARS = 1_500_000;
const CONCURRENCY = 4;

export type TPageFetcher = (url: string) => Promise<{ title: string; text: string }>;
type TCrawlOptions = { allowPrivate: boolean; fetchPage: TPageFetcher; maxPages?: number; budgetMs?: number };

// ── robots.txt ──

type TRule = { allow: boolean; pattern: string };

const patternRegex = (p: string) =>
  new RegExp(
    `^${p
      .replace(/[.+?^{}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\\\$$|\$$/, '$')}`,
  );

/** Whether `agent` may fetch a path (with its query) under this robots.txt. */
export function robotsAllows(robots: string, agent: string): (path: string) => boolean {
  const groups: { agents: string[]; rules: TRule[] }[] = [];
  let current: { agents: string[]; rules: TRule[] } | null = null;
  for (const raw of robots.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    const kv = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!kv) continue;
    const key = kv[1]!.toLowerCase();
    const value = kv[2]!.trim();
    if (key === 'user-agent') {
      if (!current || current.rules.length) groups.push((current = { agents: [], rules: [] }));
      current.agents.push(value.toLowerCase());
    } else if ((key === 'allow' || key === 'disallow') && current) {
      // An empty Disallow allows everything; an empty Allow says nothing.
      if (value) current.rules.push({ allow: key === 'allow', pattern: value });
      else if (key === 'disallow') current.rules.push({ allow: true, pattern: '' });
    }
  }
  const a = agent.toLowerCase();
  const own = groups.filter((g) => g.agents.some((x) => x !== '*' && a.includes(x)));
  const rules = (own.length ? own : groups.filter((g) => g.agents.includes('*'))).flatMap((g) => g.rules);
  return (path: string) => {
    let best: TRule | undefined;
    for (const r of rules) {
      if (!r.pattern || !patternRegex(r.pattern).test(path)) continue;
      if (!best || r.pattern.length > best.pattern.length || (r.pattern.length === best.pattern.length && r.allow)) best = r;
    }
    return best ? best.allow : true;
  };
}

async function robotsFor(origin: string, allowPrivate: boolean): Promise<(path: string) => boolean> {
  try {
    const res = await guardedFetch(`${origin}/robots.txt`, { allowPrivate, maxBytes: 512_000, timeoutMs: 10_000, accept: 'text/plain' });
    if (res.status >= 400 && res.status < 500) return () => true;
    if (res.status < 200 || res.status >= 300) throw new Error(`robots ${res.status}`);
    return robotsAllows(res.body.toString('utf8'), ROBOTS_AGENT);
  } catch {
    throw new AppError('BAD_REQUEST', m.robotsUnavailable);
  }
}

// ── sitemap.xml ──

const unescapeXml = (s: string) =>
  s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

/** The `<loc>`s of a sitemap: child sitemaps of an index, or pages of a urlset. */
export function sitemapLocs(xml: string): { index: boolean; locs: string[] } {
  const index = /<(?:[\w-]+:)?sitemapindex[\s>]/.test(xml);
  if (!index && !/<(?:[\w-]+:)?urlset[\s>]/.test(xml)) throw new AppError('BAD_REQUEST', m.sitemapInvalid);
  const locs = [...xml.matchAll(/<(?:[\w-]+:)?loc>([\s\S]*?)<\/(?:[\w-]+:)?loc>/g)].map((x) => unescapeXml(x[1]!));
  return { index, locs };
}

async function fetchSitemap(url: string, allowPrivate: boolean): Promise<string> {
  let res;
  try {
    res = await guardedFetch(url, { allowPrivate, maxBytes: MAX_SITEMAP_BYTES, timeoutMs: 15_000, accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5' });
  } catch {
    throw new AppError('BAD_REQUEST', m.sitemapInvalid);
  }
  if (res.status < 200 || res.status >= 300) throw new AppError('BAD_REQUEST', m.sitemapInvalid);
  let body: Uint8Array = res.body;
  if (body[0] === 0x1f && body[1] === 0x8b) {
    // The gzip trailer states the size; fflate inflates into a buffer of that size, so a lie cannot make it grow.
    const size = Buffer.from(body.subarray(body.length - 4)).readUInt32LE(0);
    if (size > MAX_SITEMAP_BYTES) throw new AppError('BAD_REQUEST', m.sitemapInvalid);
    try {
      body = gunzipSync(body);
    } catch {
      throw new AppError('BAD_REQUEST', m.sitemapInvalid);
    }
  }
  return Buffer.from(body).toString('utf8');
}

/** The page URLs of a sitemap (index): same origin only, first `max` in order, without duplicates. */
export async function sitemapPages(sitemapUrl: string, allowPrivate: boolean, max: number): Promise<string[]> {
  const origin = new URL(sitemapUrl).origin;
  const pages: string[] = [];
  const seen = new Set<string>();
  const sameOrigin = (u: string) => {
    try {
      const url = new URL(u);
      url.hash = '';
      return url.origin === origin ? url.toString() : null;
    } catch {
      return null;
    }
  };
  const read = async (url: string, depth: number, children: { n: number }) => {
    const { index, locs } = sitemapLocs(await fetchSitemap(url, allowPrivate));
    for (const loc of locs) {
      if (pages.length >= max) return;
      const u = sameOrigin(loc);
      if (!u) continue;
      if (index) {
        if (depth >= 2 || children.n >= MAX_CHILD_SITEMAPS) continue;
        children.n++;
        // A broken child sitemap loses its pages, not the others'.
        await read(u, depth + 1, children).catch(() => undefined);
      } else if (!seen.has(u)) {
        seen.add(u);
        pages.push(u);
      }
    }
  };
  await read(sitemapUrl, 0, { n: 0 });
  return pages;
}

/**
 * The site's text from its sitemap: each allowed page under a heading with its title, in sitemap order. Pages that
 * fail (or do not answer within the time budget) are left out; none at all → 400.
 */
export type TSitePage = { url: string; text: string };

export async function crawlSitemap(sitemapUrl: string, opts: TCrawlOptions): Promise<{ text: string; pages: TSitePage[]; skipped: number }> {
  const max = opts.maxPages ?? SITEMAP_MAX_PAGES;
  const origin = new URL(sitemapUrl).origin;
  const allows = await robotsFor(origin, opts.allowPrivate);
  const urls = (await sitemapPages(sitemapUrl, opts.allowPrivate, max)).filter((u) => {
    const url = new URL(u);
    return allows(url.pathname + url.search);
  });
  if (!urls.length) throw new AppError('BAD_REQUEST', m.sitemapEmpty);
  const deadline = performance.now() + (opts.budgetMs ?? 90_000);
  const texts: (string | null)[] = Array.from({ length: urls.length }, () => null);
  let next = 0;
  const worker = async () => {
    while (next < urls.length && performance.now() < deadline) {
      const i = next++;
      try {
        const page = await opts.fetchPage(urls[i]!);
        const body = page.text.trim();
        if (body) texts[i] = `# ${(page.title || new URL(urls[i]!).pathname).replace(/\s+/g, ' ').slice(0, 200)}\n\n${body}`;
      } catch {
        texts[i] = null;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, urls.length) }, worker));
  const pages: TSitePage[] = [];
  let chars = 0;
  texts.forEach((t, i) => {
    if (!t || chars + t.length > MAX_TEXT_CHARS) return;
    pages.push({ url: urls[i]!, text: t });
    chars += t.length + 2;
  });
  if (!pages.length) throw new AppError('BAD_REQUEST', m.sitemapNoText);
  return { text: pages.map((p) => p.text).join('\n\n'), pages, skipped: urls.length - pages.length };
}
