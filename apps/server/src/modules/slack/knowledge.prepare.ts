/**
 * Runs inside a document worker (lib/document-pool.ts): splits a document into passages and computes their search
 * keys, off the main thread. Imports only lib/text-search.ts (which has no imports).
 */
import { searchKeys, splitPassages } from '../../lib/text-search.ts';

export type TPreparedPassage = { content: string; grams: string[] };

export function prepare(text: string, title: string): TPreparedPassage[] {
  return splitPassages(text).map((p) => ({ content: p, grams: searchKeys(`${title}\n${p}`) }));
}

export const PREPARE_URL = import.meta.url;
