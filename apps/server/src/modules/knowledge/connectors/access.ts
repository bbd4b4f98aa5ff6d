/**
 * The permission rule of the connectors (decision 089): a passage of a Drive file or Notion page is cited only to
 * someone the source system lets read it, by the e-mail address of their Slack profile.
 */
import type { TDb } from '../../../db/client.ts';
import * as repo from './connectors.repository.ts';
import type { TItemAccess } from './connectors.repository.ts';

/** May this address read an item with this access in its source system? */
export function mayRead(access: TItemAccess, email: string | null): boolean {
  if (access.anyone) return true;
  if (!email) return false;
  const e = email.toLowerCase();
  return access.emails.includes(e) || access.domains.includes(e.slice(e.lastIndexOf('@') + 1));
}

/**
 * The hits the asker may see: passages of connector items only when the source system lets the asker (by their Slack
 * profile's e-mail, asked only when such a passage is among the hits) read the item. Other hits pass unchanged.
 *
 * `openOnly`: the answer is seen by more people than the asker (posted in a channel or its thread, where guests and
 * people the source never shared with read it too): then only items open to anyone at the source are cited; items
 * shared with addresses or a domain are cited only in a direct message or the Assistant panel (security review).
 */
export async function citableHits<T extends { documentId: string; conversation?: unknown }>(
  db: TDb,
  hits: T[],
  askerEmail: () => Promise<string | null>,
  opts: { openOnly?: boolean } = {},
): Promise<T[]> {
  const access = await repo.accessOfSources(
    db,
    hits.filter((h) => !h.conversation).map((h) => h.documentId),
  );
  if (!access.size) return hits;
  if (opts.openOnly)
    return hits.filter((h) => {
      const a = h.conversation ? undefined : access.get(h.documentId);
      return !a || a.anyone;
    });
  let email: string | null;
  try {
    email = await askerEmail();
  } catch {
    email = null;
  }
  return hits.filter((h) => {
    const a = h.conversation ? undefined : access.get(h.documentId);
    return !a || mayRead(a, email);
  });
}
