/**
 * Runs inside a document worker (lib/document-pool.ts): splits a document into passages and computes their knowledge
 * keys off the main thread. Imports only modules without imports.
 */
import { knowledgeKeys } from './korean-search.ts';
import { splitPassages } from '../../lib/text-search.ts';

export type TPreparedPassage = { content: string; grams: string[] };

export function prepare(text: string, title: string): TPreparedPassage[] {
  return splitPassages(text).map((p) => ({ content: p, grams: knowledgeKeys(`${title}\n${p}`) }));
}

export const PREPARE_URL = import.meta.url;
