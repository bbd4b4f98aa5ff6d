/**
 * The developer guides (./guides/*.md with front matter title, summary, order) and the changelog (CHANGELOG.md at the
 * repository root, `## <version> — <date> — <title>` per release), read once and rendered on the server.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ko, type TChangelog, type TDocGuide, type TDocGuideSummary } from '@suite/shared';
import { AppError } from '../../lib/app-error.ts';
import { renderMarkdown, splitFrontMatter } from './docs-render.ts';

const GUIDES_DIR = fileURLToPath(new URL('./guides/', import.meta.url));
const CHANGELOG_FILE = fileURLToPath(new URL('../../../../../CHANGELOG.md', import.meta.url));

export type TGuideSource = TDocGuideSummary & { order: number; body: string };

/** Every guide's front matter and Markdown body, in their `order`. */
export function readGuideSources(dir = GUIDES_DIR): TGuideSource[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((file) => {
      const { meta, body } = splitFrontMatter(readFileSync(`${dir}${file}`, 'utf8'));
      const slug = file.replace(/\.md$/, '');
      return { slug, title: String(meta.title ?? slug), summary: String(meta.summary ?? ''), order: Number(meta.order ?? 999), body };
    })
    .sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug));
}

/**
 * What a reader sees for the samples' placeholders: `{{BASE}}` is this installation's address, the others stay visible
 * as `<API_KEY>`-style blanks to fill in (the docs test fills them with real values instead).
 */
export function fillForReaders(body: string, appUrl: string): string {
  return body.replace(/\{\{([A-Z_]+)\}\}/g, (_m, name: string) => (name === 'BASE' ? appUrl : `<${name}>`));
}

type TGuides = { list: TDocGuideSummary[]; bySlug: Map<string, TDocGuide> };
const cache = new Map<string, TGuides>();

function loadGuides(appUrl: string): TGuides {
  const cached = cache.get(appUrl);
  if (cached) return cached;
  const sources = readGuideSources();
  const guides = {
    list: sources.map(({ slug, title, summary }) => ({ slug, title, summary })),
    bySlug: new Map(sources.map((g) => [g.slug, { slug: g.slug, title: g.title, summary: g.summary, html: renderMarkdown(fillForReaders(g.body, appUrl)) }])),
  };
  cache.set(appUrl, guides);
  return guides;
}

export function listGuides(appUrl: string): TDocGuideSummary[] {
  return loadGuides(appUrl).list;
}

export function getGuide(appUrl: string, slug: string): TDocGuide {
  const guide = loadGuides(appUrl).bySlug.get(slug);
  if (!guide) throw new AppError('NOT_FOUND', ko.docs.server.guideNotFound);
  return guide;
}

const RELEASE_HEADING = /^## +(\S+) +— +(\d{4}-\d{2}-\d{2}) +— +(.+)$/;

/** Releases of a CHANGELOG.md text, newest first (in file order, which is newest first). */
export function parseChangelog(text: string): TChangelog {
  const out: TChangelog = [];
  let current: { version: string; date: string; title: string; lines: string[] } | undefined;
  const flush = () => {
    if (current) out.push({ version: current.version, date: current.date, title: current.title, html: renderMarkdown(current.lines.join('\n')) });
  };
  for (const line of text.split(/\r?\n/)) {
    const m = RELEASE_HEADING.exec(line);
    if (m) {
      flush();
      current = { version: m[1]!, date: m[2]!, title: m[3]!.trim(), lines: [] };
    } else if (current) current.lines.push(line);
  }
  flush();
  return out;
}

let changelog: TChangelog | undefined;

export function getChangelog(): TChangelog {
  changelog ??= existsSync(CHANGELOG_FILE) ? parseChangelog(readFileSync(CHANGELOG_FILE, 'utf8')) : [];
  return changelog;
}
