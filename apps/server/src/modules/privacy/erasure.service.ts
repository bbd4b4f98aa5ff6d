/**
 * Erasure (issue 32): a data subject's rows, everywhere the data map (data-map.ts) says they are, deleted, anonymised
 * or kept (only where a law says so) — in one transaction, so a failure (a foreign key, a bad map entry) leaves
 * nothing half erased. Used by the account deletion's schedule (deletion.jobs) and by seed owners' erase requests.
 */
import { DATA_MAP } from './data-map.ts';
import type { TTableMap } from './data-map.types.ts';
import type { TPrivacyDeps } from './privacy.deps.ts';
import { anonymiseRows, countRows, deleteRows, foreignKeys, type TForeignKey } from './erasure.repository.ts';
import { subjectCondition, type TSubject } from './subjects.repository.ts';

/**
 * The map's tables in an order that respects foreign keys: a table comes before every table it references (children
 * first), so deleting a parent never meets a referencing row the map would have handled; `users` always last. Tables
 * in a cycle (none today) keep the map's order; the transaction still protects the erasure.
 */
export function erasureOrder(map: readonly TTableMap[], fks: readonly TForeignKey[]): TTableMap[] {
  const names = new Set(map.map((t) => t.table));
  const parentsOf = new Map<string, Set<string>>();
  for (const fk of fks) {
    if (fk.child === fk.parent || !names.has(fk.child) || !names.has(fk.parent)) continue;
    const set = parentsOf.get(fk.parent) ?? new Set<string>();
    set.add(fk.child); // the parent waits for this child
    parentsOf.set(fk.parent, set);
  }
  const done = new Set<string>();
  const out: TTableMap[] = [];
  const rest = map.filter((t) => t.table !== 'users');
  for (let progress = true; progress;) {
    progress = false;
    for (const t of rest) {
      if (done.has(t.table)) continue;
      const waiting = [...(parentsOf.get(t.table) ?? [])].some((c) => !done.has(c) && c !== 'users');
      if (waiting) continue;
      done.add(t.table);
      out.push(t);
      progress = true;
    }
  }
  for (const t of rest) if (!done.has(t.table)) out.push(t); // a cycle: map order
  const users = map.find((t) => t.table === 'users');
  if (users) out.push(users);
  return out;
}

const orders = new WeakMap<object, Promise<TTableMap[]>>();
function orderFor(deps: TPrivacyDeps): Promise<TTableMap[]> {
  let order = orders.get(deps.db);
  if (!order) {
    order = foreignKeys(deps.db).then((fks) => erasureOrder(DATA_MAP, fks));
    order.catch(() => orders.delete(deps.db));
    orders.set(deps.db, order);
  }
  return order;
}

/**
 * Erases one subject: for every map entry whose subject links match, its `erase` rule on the subject's rows. Returns
 * the rows deleted or anonymised per table label (tables with none are left out). Rows of `keep` tables are left as
 * they are; should a deletion cascade into them (a map error), the whole erasure is rolled back.
 */
export async function eraseSubject(deps: TPrivacyDeps, subject: TSubject): Promise<Record<string, number>> {
  const order = await orderFor(deps);
  return deps.db.transaction(async (tx) => {
    const counts: Record<string, number> = {};
    const kept: { entry: TTableMap; before: number }[] = [];
    for (const entry of order) {
      const cond = subjectCondition(entry, subject);
      if (!cond) continue;
      const rule = entry.erase;
      if (!rule) {
        deps.log.warn({ table: entry.table }, 'privacy: a table with subject links has no erase rule; left as is');
        continue;
      }
      if (rule.kind === 'keep') {
        kept.push({ entry, before: await countRows(tx, entry.table, cond) });
        continue;
      }
      const n = rule.kind === 'delete' ? await deleteRows(tx, entry.table, cond) : await anonymiseRows(tx, entry.table, rule.set, cond);
      if (n) counts[entry.label] = (counts[entry.label] ?? 0) + n;
    }
    for (const { entry, before } of kept) {
      const after = await countRows(tx, entry.table, subjectCondition(entry, subject)!);
      if (after < before) throw new Error(`privacy erasure: rows of ${entry.table} (kept by law) would be removed by a cascade`);
    }
    return counts;
  });
}
