/**
 * The suite's knowledge module (issue 14, decisions 026 and 036): sources owned by a seed and attached to one chatbot
 * and/or the seed's Slack workspace, split into passages with forgiving Korean keys (korean-search.ts), and searched
 * per service with the same retrieval, fused with vector similarity for the Slack assistant when `EMBEDDINGS_MODEL`
 * is set (vectors.ts). URL pages come through the guarded fetcher (and are re-fetched daily); PDFs are parsed in the
 * document worker pool. This file is the module's public surface: the chatbot and Slack modules import nothing else.
 */
import { ko } from '@suite/shared';
import type { TChatbotSource, TChatbotSourceInput, TKnowledgeAttachInput, TKnowledgeAttachment, TKnowledgeUsage } from '@suite/shared/schemas/chatbot';
import type { TSlackDocument } from '@suite/shared/schemas/slack';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { guardedFetch, GuardedFetchError } from '../../lib/guarded-fetch.ts';
import type { TDocumentPool } from '../../lib/document-pool.ts';
import type { TJobRunner } from '../../lib/jobs/job-runner.ts';
import { fuseRanks, splitPassages } from '../../lib/text-search.ts';
import { knowledgeKeys, scoreCandidates } from './korean-search.ts';
import { PREPARE_URL, type TPreparedPassage } from './knowledge.prepare.ts';
import * as repo from './knowledge.repository.ts';
import type { TVectorIndex } from './vectors.ts';
import * as vrepo from './vectors.repository.ts';
import { officeText } from './sources-files.ts';
import { chunkDocument, citedTitle, type TRulesPassage } from './rules-chunking.ts';
import { crawlSitemap, type TSitePage } from './sources-sitemap.ts';
import { assertManager, seedFor } from '../seeds/seeds.service.ts';

export type { TVectorIndex } from './vectors.ts';
export { matchFaq, type TFaqMatch } from './faq-index.ts';
// The help centre's article search (issue 33) uses the same Korean analysers.
export { ALPHA, BETA, buildIndex, scoreFaq, type TFaqIndex } from './faq-match.ts';
export { knowledgeKeys, scoreCandidates } from './korean-search.ts';
export { withRuleCitations } from './rules-citations.ts';
// Connector passages (Drive, Notion) only for whom the source system lets read them (decision 089).
export { citableHits } from './connectors/access.ts';

const s = ko.chatbot.server;
const MAX_PAGE_BYTES = 2_000_000;

/** Who registers a source: the seed, and the service(s) it is attached to from the start. */
export type TOwner = { seedId: string; chatbotId: string | null; slackWorkspaceId?: string | null; userId: string | null };
export type TScope = repo.TScope;
export type TSourceRow = repo.TSourceRow;
export type THit = {
  passageId: string;
  sourceId: string;
  kind: string;
  title: string;
  url: string | null;
  content: string;
  answer: string | null;
  score: number;
};

function htmlToText(html: string): { title: string; text: string } {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.trim() ?? '';
  const text = html
    .replace(/<(script|style|noscript|svg)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<h[1-6][^>]*>/gi, '\n\n# ')
    .replace(/<\/(p|div|h[1-6]|li|tr|section|article)>|<br\s*\/?>/gi, '\n\n')
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
  return { title: title.replace(/\s+/g, ' '), text };
}

async function fetchPage(url: string, allowPrivate: boolean) {
  let res;
  try {
    res = await guardedFetch(url, { allowPrivate, maxBytes: MAX_PAGE_BYTES, timeoutMs: 10_000, accept: 'text/html,text/plain;q=0.9' });
  } catch (err) {
    const reason = err instanceof GuardedFetchError ? err.reason : 'failed';
    if (reason === 'blocked') throw new AppError('BAD_REQUEST', ko.slack.server.urlNotAllowed);
    if (reason === 'too-big') throw new AppError('PAYLOAD_TOO_LARGE', ko.security.urlTooBig(MAX_PAGE_BYTES / 1_000_000));
    if (reason === 'too-many-redirects') throw new AppError('BAD_REQUEST', ko.security.urlTooManyRedirects);
    // The owner sees why (issue 27 item 28): a bad address, no answer in time, or a server that cannot be reached.
    if (reason === 'bad-url') throw new AppError('BAD_REQUEST', ko.chatbot.server.urlBadUrl);
    if (err instanceof Error && err.message.includes('timeout')) throw new AppError('BAD_REQUEST', ko.chatbot.server.urlTimeout);
    throw new AppError('BAD_REQUEST', ko.chatbot.server.urlUnreachable);
  }
  if (res.status < 200 || res.status >= 300) throw new AppError('BAD_REQUEST', ko.chatbot.server.urlHttpStatus(res.status));
  const body = res.body.toString('utf8');
  return res.contentType.includes('html') ? htmlToText(body) : { title: '', text: body.trim() };
}

export function toApiSource(row: repo.TSourceRow, passages: number): TChatbotSource {
  return {
    id: row.id,
    type: row.kind,
    title: row.title,
    url: row.sourceUrl,
    question: row.question,
    answer: row.answer,
    phrasings: row.phrasings,
    passages,
    createdAt: row.createdAt.toISOString(),
  };
}

const keyed = (title: string, passages: string[]): TPreparedPassage[] => passages.map((p) => ({ content: p, grams: knowledgeKeys(`${title}\n${p}`) }));
/** A document's passages with their keys: company rules by article and paragraph (rules-chunking.ts), others as before. */
const keyedDocument = (title: string, passages: TRulesPassage[]): TPreparedPassage[] =>
  passages.map((p) => ({ content: p.content, grams: knowledgeKeys(`${title}\n${p.article?.chapter ?? ''}\n${p.content}`), article: p.article }));
/** A text's passages and keys as any document's (the connectors, decision 089). */
export const prepareText = (title: string, text: string) => keyedDocument(title, chunkDocument(text));

/** URL sources are fetched again on this schedule (a persisted job per source, lib/jobs). */
export const REFETCH_KIND = 'knowledge.refetch-url';
export const REFETCH_EVERY_MS = 24 * 3_600_000;

export type TRefetch = { jobs: Pick<TJobRunner, 'enqueue'>; now: () => Date };

const scheduleRefetch = (refetch: TRefetch, tx: repo.TTx, sourceId: string) =>
  refetch.jobs.enqueue(tx, {
    kind: REFETCH_KIND,
    key: `knowledge-source:${sourceId}`,
    payload: { sourceId },
    runAt: new Date(refetch.now().getTime() + REFETCH_EVERY_MS),
  });

/**
 * The re-fetch job: the page again through the guarded fetcher, its passages replaced and the next run enqueued in one
 * transaction. A source deleted meanwhile ends the chain; a failed fetch keeps the old passages and tries next time.
 */
export async function refetchUrlSource(
  db: TDb,
  refetch: TRefetch,
  sourceId: string,
  opts: { allowPrivateUrls: boolean; log: { warn: (o: object, m: string) => void } },
) {
  const source = await repo.findSource(db, sourceId);
  if (!source || (source.kind !== 'url' && source.kind !== 'sitemap') || !source.sourceUrl) return;
  try {
    const page =
      source.kind === 'sitemap'
        ? await crawlSite(source.sourceUrl, opts.allowPrivateUrls)
        : { ...(await fetchPage(source.sourceUrl, opts.allowPrivateUrls)), pages: undefined };
    const passages = chunkDocument(page.text);
    if (!page.text.trim() || !passages.length) throw new AppError('BAD_REQUEST', s.emptySource);
    const prepared = page.pages ? pagePassages(source.title, page.pages) : keyedDocument(source.title, passages);
    await repo.replaceContent(db, source, page.text, prepared, refetch.now(), (tx) => scheduleRefetch(refetch, tx, source.id).then(() => undefined));
  } catch (err) {
    opts.log.warn({ sourceId, err: err instanceof Error ? err.message : 'failed' }, 'knowledge url re-fetch failed; keeping the previous text');
    await db.transaction(async (tx) => void (await scheduleRefetch(refetch, tx, source.id)));
  }
}

/** `faqUrl`: the page an FAQ entry stands for (the help centre's article, issue 33), cited with its answer; never fetched. */
type TAddOptions = { allowPrivateUrls: boolean; refetch: TRefetch; emptyMessage?: string; faqUrl?: string };
type TCreated = { row: repo.TSourceRow; passages: number };

/** Registers a source (FAQ, text, Markdown or a web page) with its passages; a page's re-fetch is enqueued with it. */
export async function createSource(db: TDb, owner: TOwner, input: TChatbotSourceInput, opts: TAddOptions): Promise<TCreated> {
  const base = { seedId: owner.seedId, chatbotId: owner.chatbotId, slackWorkspaceId: owner.slackWorkspaceId ?? null, createdBy: owner.userId };
  if (input.type === 'faq') {
    const passage = faqPassage(input.question, input.answer, input.phrasings ?? []);
    const content = passage.content;
    const row = await repo.insertSource(
      db,
      {
        ...base,
        kind: 'faq',
        title: input.question,
        question: input.question,
        answer: input.answer,
        phrasings: input.phrasings ?? [],
        content,
        sourceUrl: opts.faqUrl ?? null,
      },
      [passage],
    );
    return { row, passages: 1 };
  }
  let title: string;
  let content: string;
  let sourceUrl: string | null = null;
  let pages: TSitePage[] | undefined;
  if (input.type === 'url') {
    const page = await fetchPage(input.url, opts.allowPrivateUrls);
    title = (input.title ?? page.title) || input.url;
    content = page.text;
    sourceUrl = input.url;
  } else if (input.type === 'sitemap') {
    const site = await crawlSite(input.url, opts.allowPrivateUrls);
    title = input.title || site.title;
    content = site.text;
    sourceUrl = input.url;
    pages = site.pages;
  } else {
    title = input.title;
    content = input.content;
  }
  const passages = chunkDocument(content);
  if (!content.trim() || !passages.length) throw new AppError('BAD_REQUEST', opts.emptyMessage ?? (sourceUrl ? ko.chatbot.server.urlNoText : s.emptySource));
  const prepared = pages ? pagePassages(title, pages) : keyedDocument(title, passages);
  const row = await repo.insertSource(
    db,
    { ...base, kind: input.type, title: title.slice(0, 200), sourceUrl, content, fetchedAt: sourceUrl ? opts.refetch.now() : null },
    prepared,
    sourceUrl ? (tx, row) => scheduleRefetch(opts.refetch, tx, row.id).then(() => undefined) : undefined,
  );
  return { row, passages: prepared.length };
}

export async function addSource(db: TDb, owner: TOwner, input: TChatbotSourceInput, opts: TAddOptions): Promise<TChatbotSource> {
  const { row, passages } = await createSource(db, owner, input, opts);
  return toApiSource(row, passages);
}

/** A PDF's text, passages and keys, all computed in the document worker pool under the DOCUMENT_* caps. */
export async function createPdf(db: TDb, documents: TDocumentPool, owner: TOwner, bytes: Buffer, title: string): Promise<TCreated> {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new AppError('BAD_REQUEST', ko.slack.server.pdfInvalid);
  const { text, prepared } = await documents.pdf(bytes, { prepare: PREPARE_URL, title });
  const passages = prepared as TPreparedPassage[];
  if (!text.trim() || !passages.length) throw new AppError('BAD_REQUEST', ko.slack.server.pdfNoText);
  const row = await repo.insertSource(
    db,
    {
      seedId: owner.seedId,
      chatbotId: owner.chatbotId,
      slackWorkspaceId: owner.slackWorkspaceId ?? null,
      createdBy: owner.userId,
      kind: 'pdf',
      title: title.slice(0, 200),
      content: text,
    },
    passages,
  );
  return { row, passages: passages.length };
}

/** A whole site from its sitemap (sources-sitemap.ts): its pages through the same guarded page fetcher as a URL. */
async function crawlSite(sitemapUrl: string, allowPrivate: boolean) {
  const site = await crawlSitemap(sitemapUrl, { allowPrivate, fetchPage: (u) => fetchPage(u, allowPrivate) });
  return { title: new URL(sitemapUrl).hostname, text: site.text, pages: site.pages };
}

/** A site's passages, page by page, each with its page's address (cited instead of the sitemap's). */
const pagePassages = (title: string, pages: TSitePage[]): repo.TNewPassage[] =>
  pages.flatMap((p) => keyed(title, splitPassages(p.text)).map((k) => ({ ...k, pageUrl: p.url })));

/** Office text is keyed on the main thread (as text sources are), so it has a cap of its own below DOCUMENT_MAX_CHARS. */
const MAX_OFFICE_CHARS = 500_000;

/** A Word (.docx) or 한글 (.hwpx) file (sources-files.ts); a .hwp or another file → 400 with a Korean reason. */
export async function addOfficeFile(db: TDb, owner: TOwner, bytes: Buffer, title: string, maxChars: number): Promise<TChatbotSource> {
  const { kind, text } = officeText(bytes, Math.min(maxChars, MAX_OFFICE_CHARS));
  const passages = chunkDocument(text);
  if (!passages.length) throw new AppError('BAD_REQUEST', s.emptySource);
  const base = { seedId: owner.seedId, chatbotId: owner.chatbotId, slackWorkspaceId: owner.slackWorkspaceId ?? null, createdBy: owner.userId };
  const row = await repo.insertSource(db, { ...base, kind, title: title.slice(0, 200), content: text }, keyedDocument(title, passages));
  return toApiSource(row, passages.length);
}

export async function addPdf(db: TDb, documents: TDocumentPool, owner: TOwner, bytes: Buffer, title: string): Promise<TChatbotSource> {
  const { row, passages } = await createPdf(db, documents, owner, bytes, title);
  return toApiSource(row, passages);
}

export async function listSources(db: TDb, chatbotId: string): Promise<TChatbotSource[]> {
  return (await repo.listSources(db, { chatbotId })).map((r) => toApiSource(r.source, r.passages));
}

/** The sources a scope reads, with their passage counts (the Slack console shapes them its own way). */
export const sourcesOf = (db: TDb, scope: TScope) => repo.listSources(db, scope);

/** Removes a source from one service: detached when the other still uses it, deleted otherwise. */
export async function removeSource(db: TDb, scope: TScope, sourceId: string, notFound: string = s.sourceNotFound): Promise<void> {
  if (!(await repo.removeFromScope(db, scope, sourceId))) throw new AppError('NOT_FOUND', notFound);
}

export const deleteSource = (db: TDb, chatbotId: string, sourceId: string) => removeSource(db, { chatbotId }, sourceId);

/** A chatbot is going: its sources go with it, except those the Slack assistant still uses (detached instead). */
export const releaseChatbot = repo.releaseChatbot;
export const sourceCounts = repo.sourceCounts;
export const markCited = repo.markCited;
/** For billing's gauge (issue 31, meter knowledge.bytes): bytes of stored knowledge per seed that has any. */
export const storedBytesBySeed = (db: TDb) => repo.storedBytesBySeed(db);
export const suggestedQuestions = (db: TDb, chatbotId: string) => repo.topFaqQuestions(db, chatbotId, 4);

// ── Attachments (decision 026) ──

const toAttachment = (r: { id: string; chatbotId: string | null; slackWorkspaceId: string | null }): TKnowledgeAttachment => ({
  id: r.id,
  chatbotId: r.chatbotId,
  slack: r.slackWorkspaceId !== null,
});

/**
 * Where a seed's knowledge can be used: its chatbots (oldest first) and its active Slack workspace. Those are the
 * chatbot's and the Slack module's rows, so buildApp hands in how to read them (knowledge.deps.ts).
 */
export type TSeedTargets = (seedId: string) => Promise<{ chatbots: { id: string; name: string }[]; slack: { id: string; teamName: string } | null }>;

/** Where each of a seed's sources is used, and where it could be (seed members). */
export async function usage(db: TDb, seedTargets: TSeedTargets, userId: string, seedId: string): Promise<TKnowledgeUsage> {
  await seedFor(db, seedId, userId);
  const [targets, rows] = await Promise.all([seedTargets(seedId), repo.seedAttachments(db, seedId)]);
  return {
    chatbots: targets.chatbots,
    slack: targets.slack ? { workspaceId: targets.slack.id, teamName: targets.slack.teamName } : null,
    sources: rows.map(toAttachment),
  };
}

/**
 * Changes where a source is used (seed owner and admins): `chatbotId` one of the seed's chatbots or null, `slack` the
 * seed's connected workspace or none. A source stays attached somewhere (deleting is the way to drop it).
 */
export async function setAttachments(
  db: TDb,
  seedTargets: TSeedTargets,
  userId: string,
  seedId: string,
  sourceId: string,
  input: TKnowledgeAttachInput,
): Promise<TKnowledgeAttachment> {
  assertManager(await seedFor(db, seedId, userId));
  const targets = await seedTargets(seedId);
  // Read and written under the row's lock: two changes at once (one to the chatbot, one to Slack) both hold.
  const row = await db.transaction(async (tx) => {
    const source = await repo.findSourceForUpdate(tx, sourceId);
    if (!source || source.seedId !== seedId) throw new AppError('NOT_FOUND', s.sourceNotFound);
    let chatbotId = source.chatbotId;
    if (input.chatbotId !== undefined) {
      const wanted = input.chatbotId?.toLowerCase() ?? null;
      if (wanted !== null && !targets.chatbots.some((b) => b.id === wanted)) throw new AppError('NOT_FOUND', s.botNotFound);
      chatbotId = wanted;
    }
    let slackWorkspaceId = source.slackWorkspaceId;
    if (input.slack === true && !slackWorkspaceId) {
      if (!targets.slack) throw new AppError('BAD_REQUEST', s.noSlackWorkspace);
      slackWorkspaceId = targets.slack.id;
    } else if (input.slack === false) slackWorkspaceId = null;
    if (!chatbotId && !slackWorkspaceId) throw new AppError('BAD_REQUEST', s.attachNothing);
    return repo.setAttachments(tx, sourceId, { chatbotId, slackWorkspaceId });
  });
  if (!row) throw new AppError('NOT_FOUND', s.sourceNotFound);
  return toAttachment(row);
}

// ── Search: one retrieval for every service ──

/** Every candidate passage of the scope for a question, scored 0..1 (korean-search.ts), best first. */
export async function rankPassages(db: TDb, scope: TScope, question: string): Promise<THit[]> {
  const keys = knowledgeKeys(question, { query: true });
  if (!keys.length) return [];
  const [candidates, total] = await Promise.all([repo.candidatePassages(db, scope, keys, 300), repo.passageCount(db, scope)]);
  const titleKeys = new Map<string, string[]>();
  return scoreCandidates(
    keys,
    candidates.map((c) => {
      let tk = titleKeys.get(c.title);
      if (!tk) titleKeys.set(c.title, (tk = knowledgeKeys(c.title)));
      return { ...c, titleKeys: tk, keys: c.grams };
    }),
    total,
  ).map((c) => ({
    passageId: c.id,
    sourceId: c.sourceId,
    kind: c.kind,
    // A company-rules passage is cited by its article and paragraph (decision 089); scored on the document's title.
    title: citedTitle(c.title, c),
    url: c.sourceUrl,
    content: c.content,
    answer: c.answer,
    score: c.score,
  }));
}

/** The best `k` passages of a chatbot's sources, one per source, with a 0..1 confidence score. */
export async function search(db: TDb, chatbotId: string, question: string, k = 3): Promise<THit[]> {
  const seen = new Set<string>();
  const hits: THit[] = [];
  for (const c of await rankPassages(db, { chatbotId }, question)) {
    if (seen.has(c.sourceId)) continue;
    seen.add(c.sourceId);
    hits.push(c);
    if (hits.length === k) break;
  }
  return hits;
}

// ── FAQ entries taught by the owner (issue 29): edits and phrasings added from unanswered questions ──

export const MAX_PHRASINGS = 30;

/** The passage of an FAQ entry: its question, phrasings and answer, keyed for the passage retrieval too. */
function faqPassage(question: string, answer: string, phrasings: readonly string[]) {
  const content = `${question}\n${answer}`;
  return { content, grams: knowledgeKeys(`${question}\n${phrasings.join('\n')}\n${content}`) };
}

/**
 * Edits a chatbot's FAQ entry: any of question, answer and phrasings (replaced whole); `addPhrasing` appends one
 * (the console's one click from an unanswered question). 404 for another bot's or a non-FAQ source, 400 past 30.
 */
export async function editFaq(
  db: TDb | repo.TTx,
  chatbotId: string,
  sourceId: string,
  input: { question?: string | undefined; answer?: string | undefined; phrasings?: string[] | undefined; addPhrasing?: string | undefined },
): Promise<TChatbotSource> {
  const row = await repo.findSource(db, sourceId);
  if (!row || row.chatbotId !== chatbotId || row.kind !== 'faq') throw new AppError('NOT_FOUND', s.sourceNotFound);
  const question = input.question ?? row.question ?? row.title;
  const answer = input.answer ?? row.answer ?? '';
  let phrasings = input.phrasings ?? row.phrasings;
  if (input.addPhrasing) phrasings = [...phrasings, input.addPhrasing];
  phrasings = [...new Set(phrasings.map((p) => p.trim()).filter((p) => p && p !== question))];
  if (phrasings.length > MAX_PHRASINGS) throw new AppError('BAD_REQUEST', s.tooManyPhrasings(MAX_PHRASINGS));
  const updated = await repo.updateFaq(db, sourceId, { question, answer, phrasings }, faqPassage(question, answer, phrasings));
  if (!updated) throw new AppError('NOT_FOUND', s.sourceNotFound);
  return toApiSource(updated, 1);
}

// ── Search keys of passages copied without them (migration 0016) ──

export const REKEY_KIND = 'knowledge.rekey';

/** Computes the Korean search keys of every passage that has none, 500 at a time. Returns how many. */
export async function rekeyPassages(db: TDb): Promise<number> {
  let n = 0;
  for (;;) {
    const rows = await repo.passagesWithoutKeys(db, 500);
    if (!rows.length) return n;
    await repo.storeKeys(
      db,
      // A text without any key gets a placeholder no query has, so it is not picked up again.
      rows.map((r) => {
        const grams = knowledgeKeys(`${r.title}\n${r.content}`);
        return { id: r.id, grams: grams.length ? grams : ['-'] };
      }),
    );
    n += rows.length;
  }
}

// ── The Slack assistant's scope: a workspace's documents (the Slack console's shape) and its hybrid search ──

export type TDocumentInput =
  | { kind: 'text' | 'markdown'; title: string; content: string }
  | { kind: 'qa'; question: string; answer: string }
  | { kind: 'url'; url: string; title?: string | undefined };

export type TWorkspaceHit = { documentId: string; title: string; sourceUrl: string | null; content: string; score: number };

/**
 * Below this retrieval score (korean-search.ts, 0..1) a passage is not offered to the Slack assistant as an answer:
 * the jamo trigrams that forgive typos also give unrelated questions a few shared keys. Chosen from the Korean test
 * set (decision 026).
 */
export const MIN_WORKSPACE_SCORE = 0.05;

type TWorkspace = { id: string; seedId: string };

/** `embedded`: passages with a vector of the configured model, null when embeddings are not configured. */
export function toApiDocument(row: { source: TSourceRow; passages: number }, embedded: number | null = null): TSlackDocument {
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
    sourcesOf(db, { slackWorkspaceId: workspaceId }),
    vectors?.enabled ? vrepo.embeddedCounts(db, workspaceId, vectors.model) : undefined,
  ]);
  return rows.map((r) => toApiDocument(r, embedded ? (embedded.get(r.source.id) ?? 0) : null));
}

type TDocumentOptions = { allowPrivateUrls: boolean; vectors?: TVectorIndex | undefined; refetch: TRefetch };

const asSourceInput = (input: TDocumentInput) =>
  input.kind === 'qa'
    ? ({ type: 'faq', question: input.question, answer: input.answer } as const)
    : input.kind === 'url'
      ? ({ type: 'url', url: input.url, title: input.title } as const)
      : ({ type: input.kind, title: input.title, content: input.content } as const);

/** Stores a document as a knowledge source of the workspace; its vectors are computed afterwards in the background. */
export async function addDocument(db: TDb, ws: TWorkspace, userId: string | null, input: TDocumentInput, opts: TDocumentOptions) {
  const owner = { seedId: ws.seedId, chatbotId: null, slackWorkspaceId: ws.id, userId };
  const created = await createSource(db, owner, asSourceInput(input), {
    allowPrivateUrls: opts.allowPrivateUrls,
    refetch: opts.refetch,
    emptyMessage: ko.slack.server.emptyDocument,
  });
  opts.vectors?.schedule(ws.id);
  return toApiDocument({ source: created.row, passages: created.passages }, opts.vectors?.enabled ? 0 : null);
}

/** A PDF of the workspace, parsed in the document worker pool (lib/document-pool.ts) under the DOCUMENT_* caps. */
export async function addWorkspacePdf(
  db: TDb,
  documents: TDocumentPool,
  ws: TWorkspace,
  userId: string | null,
  bytes: Buffer,
  title: string,
  vectors?: TVectorIndex,
) {
  const created = await createPdf(db, documents, { seedId: ws.seedId, chatbotId: null, slackWorkspaceId: ws.id, userId }, bytes, title);
  vectors?.schedule(ws.id);
  return toApiDocument({ source: created.row, passages: created.passages }, vectors?.enabled ? 0 : null);
}

/** Removes a document from the workspace (deleted, unless a chatbot still uses it). */
export const deleteDocument = (db: TDb, workspaceId: string, id: string) =>
  removeSource(db, { slackWorkspaceId: workspaceId }, id, ko.slack.server.documentNotFound);

const round = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The best `k` passages of a workspace for a question: the lexical ranking, fused by reciprocal rank with the passages
 * whose vectors stand out (when embeddings are configured and available; otherwise exactly the lexical ranking).
 */
export async function searchWorkspace(db: TDb, workspaceId: string, question: string, k = 3, vectors?: TVectorIndex): Promise<TWorkspaceHit[]> {
  const [all, similar] = await Promise.all([
    rankPassages(db, { slackWorkspaceId: workspaceId }, question),
    vectors?.enabled ? vectors.similar(workspaceId, question) : [],
  ]);
  const ranked = all.filter((c) => c.score >= MIN_WORKSPACE_SCORE);
  const toHit = (c: Omit<TWorkspaceHit, 'score'>, score: number): TWorkspaceHit => ({ ...c, score: round(score) });
  const known = new Map<string, Omit<TWorkspaceHit, 'score'>>(
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
