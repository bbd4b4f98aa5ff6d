/**
 * Conversations as knowledge (issue 35, decision 085): the mirrored messages of a Slack workspace as passages, one
 * thread (root + replies) per passage, split when long (each later chunk carries the root as its title, so a reply
 * like "그걸로 확정할게요" is found by the question the root asked). Keys and scores are korean-search.ts's, so the
 * basic mode (no model, no embeddings) finds them; documents and conversations are ranked together in one scoring
 * (one IDF over both). Which channels a question may see is decided by the caller (the Slack module checks membership
 * with Slack); this module only searches the channels it is given. Public surface for the Slack module.
 */
import type { TDb } from '../../db/client.ts';
import { fuseRanks } from '../../lib/text-search.ts';
import { knowledgeKeys, scoreCandidates } from './korean-search.ts';
import * as docs from './knowledge.repository.ts';
import { MIN_WORKSPACE_SCORE, type TVectorIndex, type TWorkspaceHit } from './knowledge.service.ts';
import * as repo from './conversations.repository.ts';
import * as vrepo from './vectors.repository.ts';
import { expandQuery } from './conversations-synonyms.ts';

/** One mirrored message, in thread order; `text` already cleaned of Slack markup by the caller. */
export type TConversationMessage = { ts: string; user: string; text: string; at: Date };

export type TThreadInput = {
  seedId: string;
  workspaceId: string;
  channel: string;
  channelName: string;
  threadTs: string;
  messages: TConversationMessage[];
  /** Display names of authors (user id → name) when known. */
  names: Map<string, string>;
  /** The permalink of a message (Slack's chat.getPermalink), or null when Slack cannot say now. */
  permalink: (ts: string) => Promise<string | null>;
};

/** A chunk stays under this many characters unless one message alone is longer. */
export const CHUNK_CHARS = 900;
const TITLE_CHARS = 120;

const firstLine = (s: string) => (s.split('\n').find((l) => l.trim()) ?? '').trim().slice(0, TITLE_CHARS);

/** Splits a thread into chunks of whole messages, in order, each under CHUNK_CHARS where it can. */
export function chunkThread(messages: TConversationMessage[]): TConversationMessage[][] {
  const chunks: TConversationMessage[][] = [];
  let cur: TConversationMessage[] = [];
  let size = 0;
  for (const m of messages) {
    const n = m.text.length + 1;
    if (cur.length && size + n > CHUNK_CHARS) {
      chunks.push(cur);
      cur = [];
      size = 0;
    }
    cur.push(m);
    size += n;
  }
  if (cur.length) chunks.push(cur);
  return chunks;
}

/** A thread's passages as stored, without their permalinks (pure: the evaluation in bench/ keys threads with it). */
export function threadRows(input: Omit<TThreadInput, 'permalink'>): Omit<repo.TNewConversationPassage, 'permalink'>[] {
  const messages = input.messages.filter((m) => m.text.trim());
  if (!messages.length) return [];
  const title = firstLine(messages[0]!.text) || input.channelName;
  return chunkThread(messages).map((chunk, ord) => {
    const first = chunk[0]!;
    const content = chunk.map((m) => m.text).join('\n');
    // Every chunk is keyed with the channel's name and the root's first line (the thread's question), as a
    // document's passages are with its title; workplace synonyms add their concept words (conversations-synonyms.ts).
    const keyed = expandQuery(`${input.channelName}\n${title}\n${content}`);
    return {
      seedId: input.seedId,
      workspaceId: input.workspaceId,
      channel: input.channel,
      channelName: input.channelName,
      threadTs: input.threadTs,
      ord,
      firstTs: first.ts,
      authors: [...new Set(chunk.map((m) => m.user).filter(Boolean))],
      authorName: input.names.get(first.user) ?? '',
      title,
      content,
      grams: knowledgeKeys(keyed),
      oldestAt: chunk.reduce((a, m) => (m.at < a ? m.at : a), first.at),
    };
  });
}

/**
 * Re-indexes one thread from its mirrored messages (none left: its passages go). Permalinks already stored are kept;
 * a new chunk's first message asks Slack once.
 */
export async function indexThread(db: TDb, input: TThreadInput, at: Date): Promise<number> {
  const key = { workspaceId: input.workspaceId, channel: input.channel, threadTs: input.threadTs };
  const known = await repo.knownPermalinks(db, key);
  const rows: repo.TNewConversationPassage[] = [];
  for (const r of threadRows(input)) rows.push({ ...r, permalink: known.get(r.firstTs) ?? (await input.permalink(r.firstTs)) });
  await repo.replaceThread(db, key, rows, at);
  return rows.length;
}

/** The search keys of a question (workplace synonyms added). */
export const questionKeys = (question: string) => knowledgeKeys(expandQuery(question), { query: true });

/** Candidates scored together, best first, those under the Slack assistant's floor left out (pure; bench/ uses it). */
export function rankCandidates<T extends { id: string; keys: string[]; titleKeys: string[] }>(keys: string[], candidates: T[], total: number) {
  return scoreCandidates(keys, candidates, total).filter((c) => c.score >= MIN_WORKSPACE_SCORE);
}

export const removeConversationChannels = repo.deleteChannels;
export const conversationPassagesOfThread = repo.threadPassages;
/** Passages holding a message older than `cutoff` (retention): deleted; their threads returned to be re-indexed. */
export const purgeConversationsBefore = repo.deleteOlderThan;

/** Where a conversation passage comes from: what its citation shows. */
export type TConversationSource = { channel: string; channelName: string; threadTs: string; authors: string[]; authorName: string; permalink: string | null };
export type TKnowledgeHit = TWorkspaceHit & { conversation?: TConversationSource };

const round = (x: number) => Math.round(x * 1000) / 1000;

/**
 * The best `k` passages for a question among the workspace's documents and the conversations of `channels` (the
 * channels the asker may see here; none → documents only), ranked by one lexical scoring, fused by reciprocal rank
 * with the documents' vectors when embeddings are configured.
 */
export async function searchKnowledge(
  db: TDb,
  workspaceId: string,
  question: string,
  opts: { k?: number; channels: string[]; vectors?: TVectorIndex | undefined },
): Promise<TKnowledgeHit[]> {
  const k = opts.k ?? 3;
  const keys = questionKeys(question);
  const scope = { slackWorkspaceId: workspaceId };
  const [docRows, convRows, docTotal, convTotal, similar] = await Promise.all([
    keys.length ? docs.candidatePassages(db, scope, keys, 300) : [],
    keys.length ? repo.candidates(db, workspaceId, opts.channels, keys, 300) : [],
    docs.passageCount(db, scope),
    repo.passageCount(db, workspaceId),
    opts.vectors?.enabled ? opts.vectors.similar(workspaceId, question) : [],
  ]);
  const titleKeys = new Map<string, string[]>();
  const tk = (title: string) => {
    let v = titleKeys.get(title);
    if (!v) titleKeys.set(title, (v = knowledgeKeys(title)));
    return v;
  };
  const candidates = [
    ...docRows.map((c) => ({
      id: c.id,
      keys: c.grams,
      titleKeys: tk(c.title),
      hit: { documentId: c.sourceId, title: c.title, sourceUrl: c.sourceUrl, content: c.content } as Omit<TKnowledgeHit, 'score'>,
    })),
    ...convRows.map((c) => ({
      id: c.id,
      keys: c.grams,
      titleKeys: tk(c.title),
      hit: {
        documentId: c.id,
        title: c.channelName ? `#${c.channelName}` : c.channel,
        sourceUrl: c.permalink,
        content: c.content,
        conversation: {
          channel: c.channel,
          channelName: c.channelName,
          threadTs: c.threadTs,
          authors: c.authors,
          authorName: c.authorName,
          permalink: c.permalink,
        },
      } as Omit<TKnowledgeHit, 'score'>,
    })),
  ];
  const ranked = rankCandidates(keys, candidates, docTotal + convTotal);
  const known = new Map(ranked.map((c) => [c.id, c.hit]));
  if (!similar.length) return ranked.slice(0, k).map((c) => ({ ...c.hit, score: round(c.score) }));
  const fused = fuseRanks([ranked.map((c) => c.id), similar.map((h) => h.id)].filter((l) => l.length)).slice(0, k);
  const missing = fused.filter((f) => !known.has(f.id)).map((f) => f.id);
  for (const p of await vrepo.passagesByIds(db, workspaceId, missing)) known.set(p.id, p);
  return fused.flatMap((f) => {
    const c = known.get(f.id);
    return c ? [{ ...c, score: round(f.score) }] : [];
  });
}
