/**
 * Per-workspace knowledge: documents and Q&A entries split into passages; Korean-aware lexical retrieval, fused with
 * vector similarity when `EMBEDDINGS_MODEL` is set (`vectors.ts`).
 */
import { ko } from '@suite/shared';
import type { TSlackDocument } from '@suite/shared/schemas/slack';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { guardedFetch, GuardedFetchError } from '../../lib/guarded-fetch.ts';
import * as repo from './slack.repository.ts';
import { fuseRanks, rank, searchKeys, splitPassages } from '../../lib/text-search.ts';
import type { TVectorIndex } from './vectors.ts';
import type { TDocumentPool } from '../../lib/document-pool.ts';
import { PREPARE_URL, type TPreparedPassage } from './knowledge.prepare.ts';
import * as vrepo from './vectors.repository.ts';

const s = ko.slack.server;

export type TDocumentInput =
  | { kind: 'text' | 'markdown'; title: string; content: string }
  | { kind: 'qa'; question: string; answer: string }
  | { kind: 'url'; url: string; title?: string | undefined };

export type THit = { documentId: string; title: string; sourceUrl: string | null; content: string; score: number };

function htmlToText(html: string): { title: string; text: string } {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.trim() ?? '';
  const text = html
    .replace(/<(script|style|noscript|svg)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/(p|div|h[1-6]|li|tr|section|article|br)>|<br\s*\/?>/gi, '\n\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n\s*(\n\s*)+/g, '\n\n')
    .trim();
  return { title: decodeTitle(title), text };
}
const decodeTitle = (t: string) => t.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/\s+/g, ' ');

const MAX_PAGE_BYTES = 2_000_000;

/**
 * Fetches a web page through the guarded fetcher (lib/guarded-fetch.ts): outbound guard on every hop unless
 * ALLOW_PRIVATE_URLS, connection pinned to the checked address, redirects by hand, body cut off at 2 MB, 10 s.
 */
async function fetchPage(url: string, allowPrivate: boolean): Promise<{ title: string; text: string }> {
  let res;
  try {
    res = await guardedFetch(url, { allowPrivate, maxBytes: MAX_PAGE_BYTES, timeoutMs: 10_000, accept: 'text/html,text/plain;q=0.9' });
  } catch (err) {
    const reason = err instanceof GuardedFetchError ? err.reason : 'failed';
    if (reason === 'blocked') throw new AppError('BAD_REQUEST', s.urlNotAllowed);
    if (reason === 'too-big') throw new AppError('PAYLOAD_TOO_LARGE', ko.security.urlTooBig(MAX_PAGE_BYTES / 1_000_000));
    if (reason === 'too-many-redirects') throw new AppError('BAD_REQUEST', ko.security.urlTooManyRedirects);
    throw new AppError('BAD_REQUEST', s.urlFetchFailed);
  }
  if (res.status < 200 || res.status >= 300) throw new AppError('BAD_REQUEST', s.urlFetchFailed);
  const body = res.body.toString('utf8');
  return res.contentType.includes('html') ? htmlToText(body) : { title: '', text: body.trim() };
}

type TDocRow = { doc: { id: string; kind: string; title: string; sourceUrl: string | null; content: string; createdAt: Date }; passages: number };

/** `embedded`: passages with a vector of the configured model, null when embeddings are not configured. */
export function toApiDocument(row: TDocRow, embedded: number | null = null): TSlackDocument {
  return {
    id: row.doc.id,
    kind: row.doc.kind,
    title: row.doc.title,
    source_url: row.doc.sourceUrl,
    passages: row.passages,
    embedded_passages: embedded,
    chars: row.doc.content.length,
    created_at: row.doc.createdAt.toISOString(),
  };
}

export async function listDocuments(db: TDb, workspaceId: string, vectors?: TVectorIndex): Promise<TSlackDocument[]> {
  const [rows, embedded] = await Promise.all([
    repo.listDocuments(db, workspaceId),
    vectors?.enabled ? vrepo.embeddedCounts(db, workspaceId, vectors.model) : undefined,
  ]);
  return rows.map((r) => toApiDocument(r, embedded ? (embedded.get(r.doc.id) ?? 0) : null));
}

type TAddOptions = { allowPrivateUrls: boolean; vectors?: TVectorIndex | undefined };

/** Stores a document and its passages; the vectors are computed afterwards in the background (a failure loses nothing). */
async function store(
  db: TDb,
  doc: Parameters<typeof repo.insertDocument>[1],
  title: string,
  passages: (string | TPreparedPassage)[],
  vectors: TVectorIndex | undefined,
) {
  const rows = passages.map((p) => (typeof p === 'string' ? { content: p, grams: searchKeys(`${title}\n${p}`) } : p));
  const row = await repo.insertDocument(db, doc, rows);
  vectors?.schedule(doc.workspaceId);
  return toApiDocument({ doc: row, passages: passages.length }, vectors?.enabled ? 0 : null);
}

export async function addDocument(db: TDb, workspaceId: string, userId: string | null, input: TDocumentInput, opts: TAddOptions) {
  let title: string;
  let content: string;
  let sourceUrl: string | null = null;
  let passages: string[];
  if (input.kind === 'qa') {
    title = input.question;
    content = `Q: ${input.question}\nA: ${input.answer}`;
    passages = [content];
  } else if (input.kind === 'url') {
    const page = await fetchPage(input.url, opts.allowPrivateUrls);
    title = (input.title ?? page.title) || input.url;
    content = page.text;
    sourceUrl = input.url;
    passages = splitPassages(content);
  } else {
    title = input.title;
    content = input.content;
    passages = splitPassages(content);
  }
  if (!content.trim() || passages.length === 0) throw new AppError('BAD_REQUEST', s.emptyDocument);
  return store(db, { workspaceId, kind: input.kind, title: title.slice(0, 200), sourceUrl, content, createdBy: userId }, title, passages, opts.vectors);
}

/**
 * A PDF's text, passages and search keys, all computed in the document worker pool (lib/document-pool.ts) under the
 * DOCUMENT_* caps; scanned image-only PDFs have no text.
 */
export async function addPdf(
  db: TDb,
  documents: TDocumentPool,
  workspaceId: string,
  userId: string | null,
  bytes: Buffer,
  title: string,
  vectors?: TVectorIndex,
) {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new AppError('BAD_REQUEST', s.pdfInvalid);
  const { text, prepared } = await documents.pdf(bytes, { prepare: PREPARE_URL, title });
  const passages = prepared as TPreparedPassage[];
  if (!text.trim() || !passages.length) throw new AppError('BAD_REQUEST', s.pdfNoText);
  return store(db, { workspaceId, kind: 'pdf', title: title.slice(0, 200), sourceUrl: null, content: text, createdBy: userId }, title, passages, vectors);
}

const round = (x: number) => Math.round(x * 1000) / 1000;

async function lexical(db: TDb, workspaceId: string, question: string) {
  const keys = searchKeys(question, { query: true });
  if (!keys.length) return [];
  const [candidates, total] = await Promise.all([repo.candidatePassages(db, workspaceId, keys, 200), repo.passageCount(db, workspaceId)]);
  return rank(keys, candidates, total);
}

/**
 * The best `k` passages for a question: the lexical ranking, fused by reciprocal rank with the passages whose vectors
 * stand out (when embeddings are configured and available; otherwise exactly the lexical ranking).
 */
export async function search(db: TDb, workspaceId: string, question: string, k = 3, vectors?: TVectorIndex): Promise<THit[]> {
  const [ranked, similar] = await Promise.all([lexical(db, workspaceId, question), vectors?.enabled ? vectors.similar(workspaceId, question) : []]);
  const toHit = (c: Omit<THit, 'score'>, score: number): THit => ({
    documentId: c.documentId,
    title: c.title,
    sourceUrl: c.sourceUrl,
    content: c.content,
    score: round(score),
  });
  if (!similar.length) return ranked.slice(0, k).map((c) => toHit(c, c.score));
  const fused = fuseRanks([ranked.map((c) => c.id), similar.map((h) => h.id)].filter((l) => l.length)).slice(0, k);
  const known = new Map<string, Omit<THit, 'score'>>(ranked.map((c) => [c.id, c]));
  const missing = fused.filter((f) => !known.has(f.id)).map((f) => f.id);
  for (const p of await vrepo.passagesByIds(db, workspaceId, missing)) known.set(p.id, p);
  return fused.flatMap((f) => {
    const c = known.get(f.id);
    return c ? [toHit(c, f.score)] : [];
  });
}
