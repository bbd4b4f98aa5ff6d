/**
 * An article's Markdown → HTML for the help pages (issue 33), safe to put in the page as it is:
 *  - raw HTML in the Markdown is escaped, not passed through (`html: false`), so `<script>` or `<img onerror>` shows
 *    as text;
 *  - links and images only to a path of this site (`/…`), an anchor (`#…`), `http(s):` or `mailto:`; anything else
 *    (`javascript:`, `data:`, `vbscript:`, `//host`) stays text;
 *  - links that leave the site get `rel="noopener noreferrer"` (and open in a new tab);
 *  - headings get ids for anchors (`## 결제 수단 바꾸기` → `id="결제-수단-바꾸기"`), unique within the article.
 * The page's CSP stays as it is: the output has no inline script, style or event handler to allow.
 */
import MarkdownIt, { type Token } from 'markdown-it';

type TToken = Token;

/** A link target the renderer keeps (after markdown-it's own normalisation). */
export function isAllowedLink(url: string): boolean {
  const u = url.trim();
  return /^\/(?![/\\])/.test(u) || u.startsWith('#') || /^(https?:\/\/|mailto:)/i.test(u);
}

const isExternal = (href: string) => /^(https?:)?\/\//i.test(href.trim());

/** A heading's anchor: Hangul, Latin letters and digits kept, the rest turned into single dashes. */
export function headingId(text: string): string {
  const id = text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{Script=Hangul}a-z0-9]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return id || 'section';
}

function createRenderer() {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  md.validateLink = isAllowedLink;

  md.core.ruler.push('heading_ids', (state) => {
    const seen = new Map<string, number>();
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (t.type !== 'heading_open') continue;
      const inline = tokens[i + 1];
      const base = headingId(inline?.children?.map((c: TToken) => (c.type === 'text' || c.type === 'code_inline' ? c.content : '')).join('') ?? '');
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      t.attrSet('id', n === 1 ? base : `${base}-${String(n)}`);
    }
  });

  const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const t = tokens[idx]!;
    if (isExternal(String(t.attrGet('href') ?? ''))) {
      t.attrSet('rel', 'noopener noreferrer');
      t.attrSet('target', '_blank');
    }
    return defaultLinkOpen(tokens, idx, options, env, self);
  };
  return md;
}

const renderer = createRenderer();

/** The article body's HTML (sanitised by construction, see above). */
export function renderArticle(markdown: string): string {
  return renderer.render(markdown);
}

/** The `##`/`###` headings of an article, as plain text (for the search index). */
export function headingsOf(markdown: string): string[] {
  const tokens = renderer.parse(markdown, {});
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) if (tokens[i]!.type === 'heading_open') out.push(tokens[i + 1]?.content ?? '');
  return out.filter(Boolean);
}

/** The article body as plain text, one block (paragraph, list item, table cell row, heading) per line. */
export function plainTextOf(markdown: string): string {
  const tokens = renderer.parse(markdown, {});
  const lines: string[] = [];
  for (const t of tokens) {
    if (t.type === 'inline') lines.push(inlineText(t));
    else if ((t.type === 'fence' || t.type === 'code_block') && t.content.trim()) lines.push(t.content.trim());
  }
  return lines.filter((l) => l.trim()).join('\n');
}

function inlineText(t: TToken): string {
  return (t.children ?? [])
    .map((c: TToken) => (c.type === 'text' || c.type === 'code_inline' ? c.content : c.type === 'softbreak' || c.type === 'hardbreak' ? ' ' : ''))
    .join('')
    .trim();
}
