/** Per-workspace knowledge: documents and Q&A entries split into passages; Korean-aware lexical retrieval. */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { ko } from '@suite/shared';
import type { TSlackDocument } from '@suite/shared/schemas/slack';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './slack.repository.ts';
import { rank, searchKeys, splitPassages } from './text-search.ts';

const s = ko.slack.server;

export type TDocumentInput =
  | { kind: 'text' | 'markdown'; title: string; content: string }
  | { kind: 'qa'; question: string; answer: string }
  | { kind: 'url'; url: string; title?: string | undefined };

export type THit = { documentId: string; title: string; sourceUrl: string | null; content: string; score: number };

function isPrivateAddress(ip: string): boolean {
  if (isIP(ip) === 6) return ip === '::1' || /^f[cd]/i.test(ip) || /^fe80/i.test(ip) || ip.startsWith('::ffff:127.') || ip === '::';
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

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

/** Fetches a web page once (http/https, public addresses only in production, 2 MB, 10 s). */
async function fetchPage(url: string, allowPrivate: boolean): Promise<{ title: string; text: string }> {
  const u = new URL(url);
  if (!allowPrivate) {
    const { address } = await lookup(u.hostname).catch(() => ({ address: '' }));
    if (!address || isPrivateAddress(address)) throw new AppError('BAD_REQUEST', s.urlNotAllowed);
  }
  let res: Response;
  try {
    res = await fetch(u, { redirect: 'follow', signal: AbortSignal.timeout(10_000), headers: { accept: 'text/html,text/plain;q=0.9' } });
  } catch {
    throw new AppError('BAD_REQUEST', s.urlFetchFailed);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new AppError('BAD_REQUEST', s.urlFetchFailed);
  }
  const body = await res.text();
  if (body.length > 2_000_000) throw new AppError('PAYLOAD_TOO_LARGE');
  const type = res.headers.get('content-type') ?? '';
  return type.includes('html') ? htmlToText(body) : { title: '', text: body.trim() };
}

export function toApiDocument(row: { doc: { id: string; kind: string; title: string; sourceUrl: string | null; content: string; createdAt: Date }; passages: number }): TSlackDocument {
  return {
    id: row.doc.id,
    kind: row.doc.kind,
    title: row.doc.title,
    source_url: row.doc.sourceUrl,
    passages: row.passages,
    chars: row.doc.content.length,
    created_at: row.doc.createdAt.toISOString(),
  };
}

export async function addDocument(db: TDb, workspaceId: string, userId: string | null, input: TDocumentInput, opts: { allowPrivateUrls: boolean }) {
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
  const doc = await repo.insertDocument(
    db,
    { workspaceId, kind: input.kind, title: title.slice(0, 200), sourceUrl, content, createdBy: userId },
    passages.map((p) => ({ content: p, grams: searchKeys(`${title}\n${p}`) })),
  );
  return toApiDocument({ doc, passages: passages.length });
}

/** A PDF's text (pdf.js through unpdf, loaded on first use); scanned image-only PDFs have none. */
async function pdfText(bytes: Buffer): Promise<string> {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new AppError('BAD_REQUEST', s.pdfInvalid);
  const { extractText, getDocumentProxy } = await import('unpdf');
  try {
    const doc = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    const { text } = await extractText(doc, { mergePages: false });
    return (Array.isArray(text) ? text : [text]).map((p) => p.trim()).filter(Boolean).join('\n\n');
  } catch {
    throw new AppError('BAD_REQUEST', s.pdfInvalid);
  }
}

export async function addPdf(db: TDb, workspaceId: string, userId: string | null, bytes: Buffer, title: string) {
  const content = await pdfText(bytes);
  if (!content.trim()) throw new AppError('BAD_REQUEST', s.pdfNoText);
  const passages = splitPassages(content);
  const doc = await repo.insertDocument(
    db,
    { workspaceId, kind: 'pdf', title: title.slice(0, 200), sourceUrl: null, content, createdBy: userId },
    passages.map((p) => ({ content: p, grams: searchKeys(`${title}\n${p}`) })),
  );
  return toApiDocument({ doc, passages: passages.length });
}

/** The best `k` passages for a question. */
export async function search(db: TDb, workspaceId: string, question: string, k = 3): Promise<THit[]> {
  const keys = searchKeys(question, { query: true });
  if (!keys.length) return [];
  const [candidates, total] = await Promise.all([repo.candidatePassages(db, workspaceId, keys, 200), repo.passageCount(db, workspaceId)]);
  return rank(keys, candidates, total)
    .slice(0, k)
    .map((c) => ({ documentId: c.documentId, title: c.title, sourceUrl: c.sourceUrl, content: c.content, score: Math.round(c.score * 1000) / 1000 }));
}
