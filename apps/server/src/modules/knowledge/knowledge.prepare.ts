/**
 * Runs inside a document worker (lib/document-pool.ts): splits a document into passages and computes their knowledge
 * keys off the main thread (company rules by article and 항, rules-chunking.ts). Imports only modules that import
 * nothing but each other (rules-chunking.ts → lib/text-search.ts).
 */
import { knowledgeKeys } from './korean-search.ts';
import { chunkDocument, type TArticleMeta } from './rules-chunking.ts';

/** `article`: where a passage of company rules sits (decision 089); absent for other documents. */
export type TPreparedPassage = { content: string; grams: string[]; article?: TArticleMeta | null };

export function prepare(text: string, title: string): TPreparedPassage[] {
  return chunkDocument(text).map((p) => ({
    content: p.content,
    grams: knowledgeKeys(`${title}\n${p.article?.chapter ?? ''}\n${p.content}`),
    article: p.article,
  }));
}

export const PREPARE_URL = import.meta.url;
