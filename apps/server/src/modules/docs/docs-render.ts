/**
 * Markdown of the guides and the changelog, rendered on the server: markdown-it with raw HTML off (a `<script>` in the
 * text stays text), links limited to http(s), mailto and relative addresses, so the page's CSP stays intact.
 */
import MarkdownIt from 'markdown-it';
import { parse as parseYaml } from 'yaml';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
const SAFE_LINK = /^(https?:|mailto:|\/|#|\.{0,2}\/)/i;
// `//host` and `/\\host` are other sites (protocol-relative): refused like any scheme not listed.
md.validateLink = (url: string) => SAFE_LINK.test(url.trim()) && !/^[/\\]{2}/.test(url.trim());

/** Fence info such as `sh test`: only its first word becomes the language class. */
md.renderer.rules.fence = (tokens, idx) => {
  const token = tokens[idx]!;
  const lang = token.info.trim().split(/\s+/)[0] ?? '';
  const cls = /^[a-z0-9-]+$/i.test(lang) ? ` class="language-${lang}"` : '';
  return `<pre><code${cls}>${md.utils.escapeHtml(token.content)}</code></pre>\n`;
};

export function renderMarkdown(text: string): string {
  return md.render(text);
}

export type TFrontMatterDoc = { meta: Record<string, unknown>; body: string };

/** `---\nyaml\n---\nbody`; a file without front matter has empty meta. */
export function splitFrontMatter(source: string): TFrontMatterDoc {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!m) return { meta: {}, body: source };
  const meta: unknown = parseYaml(m[1]!);
  return { meta: meta && typeof meta === 'object' ? (meta as Record<string, unknown>) : {}, body: m[2]! };
}

export type TSample = { lang: 'sh' | 'js'; code: string; line: number };

/** The fenced blocks marked ` ```sh test ` or ` ```js test `: the samples the docs test runs against a real server. */
export function testedSamples(body: string): TSample[] {
  const out: TSample[] = [];
  for (const t of md.parse(body, {})) {
    if (t.type !== 'fence') continue;
    const [lang, flag] = t.info.trim().split(/\s+/);
    if (flag === 'test' && (lang === 'sh' || lang === 'js')) out.push({ lang, code: t.content, line: (t.map?.[0] ?? 0) + 1 });
  }
  return out;
}
