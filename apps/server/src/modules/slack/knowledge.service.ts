/**
 * The Slack assistant's knowledge: the seed's knowledge sources attached to the workspace (modules/knowledge,
 * decision 026), searched with the knowledge module's Korean retrieval and fused with vector similarity when
 * `EMBEDDINGS_MODEL` is set (`vectors.ts`). The console's document API keeps its own shape (TSlackDocument).
 */
import { ko } from '@suite/shared';
import type { TSlackDocument } from '@suite/shared/schemas/slack';
import type { TDb } from '../../db/client.ts';
import { fuseRanks } from '../../lib/text-search.ts';
import type { TDocumentPool } from '../../lib/document-pool.ts';
import * as knowledge from '../knowledge/knowledge.service.ts';
import type { TVectorIndex } from './vectors.ts';
import * as vrepo from './vectors.repository.ts';

const s = ko.slack.server;

export type TDocumentInput =
  | { kind: 'text' | 'markdown'; title: string; content: string }
  | { kind: 'qa'; question: string; answer: string }
  | { kind: 'url'; url: string; title?: string | undefined };

export type THit = { documentId: string; title: string; sourceUrl: string | null; content: string; score: number };

/**
 * Below this retrieval score (korean-search.ts, 0..1) a passage is not offered as an answer: the jamo trigrams that
 * forgive typos also give unrelated questions a few shared keys. Chosen from the Korean test set (decision 026).
 */
export const MIN_SCORE = 0.05;

type TWorkspace = { id: string; seedId: string };

/** `embedded`: passages with a vector of the configured model, null when embeddings are not configured. */
export function toApiDocument(row: { source: knowledge.TSourceRow; passages: number }, embedded: number | null = null): TSlackDocument {
  return {
    id: row.source.id,
    // The Slack console calls its Q&A entries 'qa'; the knowledge module stores them as 'faq'.
    kind: row.source.kind === 'faq' ? 'qa' : row.source.kind,
    title: row.source.title,
    source_url: row.source.sourceUrl,
    passages: row.passages,
    embedded_passages: embedded,
    chars: row.source.content.length,
    created_at: row.source.createdAt.toISOString(),
  };
}

export async function listDocuments(db: TDb, workspaceId: string, vectors?: TVectorIndex): Promise<TSlackDocument[]> {
  const [rows, embedded] = await Promise.all([
    knowledge.sourcesOf(db, { slackWorkspaceId: workspaceId }),
    vectors?.enabled ? vrepo.embeddedCounts(db, workspaceId, vectors.model) : undefined,
  ]);
  return rows.map((r) => toApiDocument(r, embedded ? (embedded.get(r.source.id) ?? 0) : null));
}

type TAddOptions = { allowPrivateUrls: boolean; vectors?: TVectorIndex | undefined; refetch?: knowledge.TRefetch | undefined };

const asSourceInput = (input: TDocumentInput) =>
  input.kind === 'qa'
    ? ({ type: 'faq', question: input.question, answer: input.answer } as const)
    : input.kind === 'url'
      ? ({ type: 'url', url: input.url, title: input.title } as const)
      : ({ type: input.kind, title: input.title, content: input.content } as const);

/** Stores a document as a knowledge source of the workspace; its vectors are computed afterwards in the background. */
export async function addDocument(db: TDb, ws: TWorkspace, userId: string | null, input: TDocumentInput, opts: TAddOptions) {
  const owner = { seedId: ws.seedId, chatbotId: null, slackWorkspaceId: ws.id, userId };
  const created = await knowledge.createSource(db, owner, asSourceInput(input), {
    allowPrivateUrls: opts.allowPrivateUrls,
    refetch: opts.refetch,
    emptyMessage: s.emptyDocument,
  });
  opts.vectors?.schedule(ws.id);
  return toApiDocument({ source: created.row, passages: created.passages }, opts.vectors?.enabled ? 0 : null);
}

/** A PDF parsed in the document worker pool (lib/document-pool.ts) under the DOCUMENT_* caps. */
export async function addPdf(db: TDb, documents: TDocumentPool, ws: TWorkspace, userId: string | null, bytes: Buffer, title: string, vectors?: TVectorIndex) {
  const created = await knowledge.createPdf(db, documents, { seedId: ws.seedId, chatbotId: null, slackWorkspaceId: ws.id, userId }, bytes, title);
  vectors?.schedule(ws.id);
  return toApiDocument({ source: created.row, passages: created.passages }, vectors?.enabled ? 0 : null);
}

/** Removes a document from the workspace (deleted, unless a chatbot still uses it). */
export const deleteDocument = (db: TDb, workspaceId: string, id: string) =>
  knowledge.removeSource(db, { slackWorkspaceId: workspaceId }, id, s.documentNotFound);

const round = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The best `k` passages for a question: the knowledge module's lexical ranking, fused by reciprocal rank with the
 * passages whose vectors stand out (when embeddings are configured and available; otherwise exactly the lexical ranking).
 */
export async function search(db: TDb, workspaceId: string, question: string, k = 3, vectors?: TVectorIndex): Promise<THit[]> {
  const [all, similar] = await Promise.all([
    knowledge.rankPassages(db, { slackWorkspaceId: workspaceId }, question),
    vectors?.enabled ? vectors.similar(workspaceId, question) : [],
  ]);
  const ranked = all.filter((c) => c.score >= MIN_SCORE);
  const toHit = (c: Omit<THit, 'score'>, score: number): THit => ({ ...c, score: round(score) });
  const known = new Map<string, Omit<THit, 'score'>>(
    ranked.map((c) => [c.passageId, { documentId: c.sourceId, title: c.title, sourceUrl: c.url, content: c.content }]),
  );
  if (!similar.length) return ranked.slice(0, k).map((c) => toHit(known.get(c.passageId)!, c.score));
  const fused = fuseRanks([ranked.map((c) => c.passageId), similar.map((h) => h.id)].filter((l) => l.length)).slice(0, k);
  const missing = fused.filter((f) => !known.has(f.id)).map((f) => f.id);
  for (const p of await vrepo.passagesByIds(db, workspaceId, missing)) known.set(p.id, p);
  return fused.flatMap((f) => {
    const c = known.get(f.id);
    return c ? [toHit(c, f.score)] : [];
  });
}
