/**
 * The help centre's articles (issue 33): one Markdown file per article in ./articles, the slug is the file name, the
 * front matter (YAML between `---` lines) says title, service, the error codes it fixes, the date it was last checked,
 * a one-sentence summary and the ways a customer asks for it (format: /work/briefs/ARTICLES-FORMAT.md).
 *
 * Read once per folder and kept: the articles ship with the code, so they change only with a new release. A file that
 * does not parse or validate throws with its name, and the help module loads them while the app is built, so a bad
 * article stops start-up (and every test) instead of showing a broken page. The server runs its .ts sources directly,
 * so the folder is found next to this file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { z } from 'zod';
import { errorCatalogue, type TErrorCode } from '@suite/shared';
import { ZHelpService, type THelpService } from '@suite/shared/schemas/help';

export const ARTICLES_DIR = fileURLToPath(new URL('./articles/', import.meta.url));

export const SLUG = /^[a-z0-9][a-z0-9-]{0,80}$/;

export type THelpArticleDoc = {
  slug: string;
  title: string;
  service: THelpService;
  codes: TErrorCode[];
  updated: string;
  summary: string;
  questions: string[];
  /** The Markdown after the front matter. */
  body: string;
};

const codeKeys = Object.keys(errorCatalogue) as [TErrorCode, ...TErrorCode[]];
const text = (max: number) => z.string().trim().min(1).max(max);

/** YAML 1.2 (the `yaml` package's default) reads 2026-11-27 as a string; a YAML 1.1 reader would give a date. */
const ZDay = z.preprocess(
  (v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'updated는 YYYY-MM-DD 형식이어야 합니다')
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), '없는 날짜입니다'),
);

/** Unknown keys are refused: a misspelt `code:` would otherwise drop the article out of the error links unseen. */
export const ZArticleFront = z
  .object({
    title: text(120),
    service: ZHelpService,
    codes: z
      .array(z.enum(codeKeys, { error: (i) => `알 수 없는 오류 코드: ${String(i.input)}` }))
      .nullish()
      .transform((c) => [...new Set(c ?? [])]),
    updated: ZDay,
    summary: text(400),
    questions: z.array(text(200)).min(1).max(12),
  })
  .strict();

const FRONT = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** One article from its file's text; throws an Error naming the file when anything is wrong. */
export function parseArticle(file: string, source: string): THelpArticleDoc {
  const fail = (why: string): never => {
    throw new Error(`help article ${file}: ${why}`);
  };
  const slug = file.replace(/\.md$/, '');
  if (!SLUG.test(slug)) fail(`the file name must match ${SLUG} (it is the slug)`);
  const m = FRONT.exec(source);
  if (!m) return fail('no front matter (YAML between --- lines at the top)');
  let raw: unknown;
  try {
    raw = parse(m[1]!);
  } catch (err) {
    return fail(`front matter is not valid YAML: ${(err as Error).message}`);
  }
  const front = ZArticleFront.safeParse(raw);
  if (!front.success) return fail(front.error.issues.map((i) => `${i.path.join('.') || '(front matter)'}: ${i.message}`).join('; '));
  const body = source.slice(m[0].length).trim();
  if (!body) fail('the body is empty');
  return { slug, ...front.data, body };
}

const cache = new Map<string, THelpArticleDoc[]>();

/** Every article of the folder (default: ./articles), sorted by slug; read once per folder. Throws on a bad file. */
export function loadArticles(dir: string = ARTICLES_DIR): THelpArticleDoc[] {
  const hit = cache.get(dir);
  if (hit) return hit;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort();
  const articles = files.map((f) => parseArticle(f, readFileSync(join(dir, f), 'utf8')));
  cache.set(dir, articles);
  return articles;
}
