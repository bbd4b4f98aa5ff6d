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
 */
export async function citableHits<T extends { documentId: string; conversation?: unknown }>(
  db: TDb,
  hits: T[],
  askerEmail: () => Promise<string | null>,
): Promise<T[]> {
  const access = await repo.accessOfSources(
    db,
    hits.filter((h) => !h.conversation).map((h) => h.documentId),
  );
  if (!access.size) return hits;
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
