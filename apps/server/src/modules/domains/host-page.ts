/**
 * The help host's page (issue 33): `GET /` on a seed's connected help host. Server-rendered Korean HTML titled
 * '<seed name> 고객센터' with the FAQ entries of the seed's first chatbot, a search box that works without JavaScript
 * (a `?q=` GET form, filtered here) and that bot's widget. Every value is escaped; no inline script (the CSP allows
 * scripts from our own origin only, and inline styles, so the look is one `<style>` element).
 */
import { ko } from '@suite/shared';
import type { TDb } from '../../db/client.ts';
import { escapeHtml } from '../../lib/html.ts';
import { botsOfSeed } from '../chatbot/chatbot.service.ts';
import { listSources } from '../knowledge/knowledge.service.ts';
import { seedNames } from '../seeds/seeds.service.ts';

const t = ko.domains.host.page;

export type TFaqEntry = { question: string; answer: string; phrasings: string[] };

const PARTICLE = /(은|는|이|가|을|를|에|의|와|과|도|만|로|으로|에서|요|나요|까요|인가요)$/;
const squash = (s: string) => s.toLowerCase().replace(/\s+/g, '');

/**
 * The entries a query matches: every word of it (a trailing particle or question ending dropped) appears in the
 * question, one of its phrasings or the answer, spacing ignored. An empty query matches everything.
 */
export function filterFaq(entries: TFaqEntry[], q: string): TFaqEntry[] {
  const words = q
    .split(/\s+/)
    .map((w) => w.toLowerCase().replace(/[?!.,~]+$/, ''))
    .map((w) => (w.length > 1 ? w.replace(PARTICLE, '') || w : w))
    .filter(Boolean);
  if (words.length === 0) return entries;
  return entries.filter((e) => {
    const text = squash([e.question, ...e.phrasings, e.answer].join(' '));
    return words.every((w) => text.includes(w));
  });
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:"Pretendard","Noto Sans KR","Apple SD Gothic Neo",sans-serif;color:#1f2937;background:#f8fafc;line-height:1.6;word-break:keep-all}
main{max-width:720px;margin:0 auto;padding:40px 20px 96px}h1{font-size:1.75rem;margin:0 0 8px}h2{font-size:1.1rem;margin:32px 0 12px}
p.intro{margin:0 0 24px;color:#4b5563}form{display:flex;gap:8px}label{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
input{flex:1;min-width:0;padding:10px 12px;border:1px solid #cbd5e1;border-radius:8px;font:inherit;background:#fff;color:inherit}
button{padding:10px 16px;border:0;border-radius:8px;background:#1d4ed8;color:#fff;font:inherit;cursor:pointer}
details{background:#fff;border:1px solid #e2e8f0;border-radius:8px;margin:0 0 8px;padding:12px 16px}summary{cursor:pointer;font-weight:600}
details p{margin:8px 0 0;white-space:pre-wrap}.note{color:#4b5563}a{color:#1d4ed8}
@media (prefers-color-scheme:dark){body{background:#0f172a;color:#e2e8f0}p.intro,.note{color:#94a3b8}details,input{background:#1e293b;border-color:#334155}button{background:#3b82f6;color:#0f172a}a{color:#93c5fd}}
`;

export type THelpPageData = { seedName: string; botId: string | null; entries: TFaqEntry[] };

export function renderHelpPage(data: THelpPageData, q: string): string {
  const found = filterFaq(data.entries, q);
  const e = escapeHtml;
  const items = found.map((f) => `<details><summary>${e(f.question)}</summary><p>${e(f.answer)}</p></details>`).join('\n');
  const status = q ? `<p class="note" role="status">${e(t.resultsFor(q, found.length))} · <a href="/">${e(t.showAll)}</a></p>` : '';
  const none = found.length === 0 ? `<p class="note">${e(data.entries.length === 0 ? t.empty : t.noResults)}</p>` : '';
  const widget = data.botId ? `<script src="/widget.js" data-bot="${e(data.botId)}" async></script>` : '';
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(t.title(data.seedName))}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${e(t.title(data.seedName))}</h1>
<p class="intro">${e(data.botId ? t.intro : t.introNoBot)}</p>
<form method="get" action="/" role="search">
<label for="q">${e(t.searchLabel)}</label>
<input id="q" name="q" type="search" maxlength="100" value="${e(q)}" placeholder="${e(t.searchPlaceholder)}">
<button type="submit">${e(t.searchButton)}</button>
</form>
${status}
<h2>${e(t.faqHeading)}</h2>
${items}
${none}
</main>
${widget}
</body>
</html>
`;
}

/** The page's data: the seed's name, its first chatbot and that bot's FAQ entries (through their modules' services). */
export async function helpPageData(db: TDb, seedId: string): Promise<THelpPageData> {
  const [names, bots] = await Promise.all([seedNames(db, [seedId]), botsOfSeed(db, seedId)]);
  const bot = bots[0] ?? null;
  const sources = bot ? await listSources(db, bot.id) : [];
  const entries = sources
    .filter((s) => s.type === 'faq' && s.question && s.answer)
    .map((s) => ({ question: s.question!, answer: s.answer!, phrasings: s.phrasings }));
  return { seedName: names.get(seedId) ?? '', botId: bot?.id ?? null, entries };
}

export async function helpPage(db: TDb, seedId: string, q: string): Promise<string> {
  return renderHelpPage(await helpPageData(db, seedId), q);
}
