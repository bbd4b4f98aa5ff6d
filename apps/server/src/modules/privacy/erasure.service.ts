/**
 * Erasure (issue 32): a data subject's rows, everywhere the data map (data-map.ts) says they are, deleted, anonymised
 * or kept (only where a law says so) — in one transaction, so a failure (a foreign key, a bad map entry) leaves
 * nothing half erased. Used by the account deletion's schedule (deletion.jobs) and by seed owners' erase requests.
 */
import type { TTransaction } from '../../db/client.ts';
import { DATA_MAP } from './data-map.ts';
import type { TTableMap } from './data-map.types.ts';
import type { TPrivacyDeps } from './privacy.deps.ts';
import { anonymiseRows, countRows, deleteRows, foreignKeys, type TForeignKey } from './erasure.repository.ts';
import { subjectClauses, subjectCondition, type TSubject } from './subjects.repository.ts';

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
function orderFor(deps: TErasureDeps): Promise<TTableMap[]> {
  let order = orders.get(deps.db);
  if (!order) {
    order = foreignKeys(deps.db).then((fks) => erasureOrder(DATA_MAP, fks));
    order.catch(() => orders.delete(deps.db));
    orders.set(deps.db, order);
  }
  return order;
}

/** What erasure needs of the privacy deps (any TPrivacyDeps will do; the schedule and tests pass only these). */
export type TErasureDeps = Pick<TPrivacyDeps, 'db'> & { log?: TPrivacyDeps['log'] | undefined };

/**
 * Erases one subject: for every map entry whose subject links match, its `erase` rule on the subject's rows. Returns
 * the rows deleted or anonymised per table label (tables with none are left out; a row two links both select, e.g. by
 * id and by e-mail, counts once per link it is anonymised by). Rows of `keep` tables are left as
 * they are; should a deletion cascade into them (a map error), the whole erasure is rolled back.
 */
export async function eraseSubject(deps: TErasureDeps, subject: TSubject): Promise<Record<string, number>> {
  return (await eraseSubjectIf(deps, subject, async () => true))!;
}

/**
 * As eraseSubject, once `precondition` (run first, inside the erasure's transaction: lock and re-check there) holds;
 * null when it does not (nothing done).
 */
export async function eraseSubjectIf(
  deps: TErasureDeps,
  subject: TSubject,
  precondition: (tx: TTransaction) => Promise<boolean>,
): Promise<Record<string, number> | null> {
  const order = await orderFor(deps);
  return deps.db.transaction(async (tx) => {
    if (!(await precondition(tx))) return null;
    const counts: Record<string, number> = {};
    const kept: { entry: TTableMap; before: number }[] = [];
    for (const entry of order) {
      const cond = subjectCondition(entry, subject);
      if (!cond) continue;
      const rule = entry.erase;
      if (!rule) {
        deps.log?.warn({ table: entry.table }, 'privacy: a table with subject links has no erase rule; left as is');
        continue;
      }
      if (rule.kind === 'keep') {
        kept.push({ entry, before: await countRows(tx, entry.table, cond) });
        continue;
      }
      let n = 0;
      if (rule.kind === 'delete') n = await deleteRows(tx, entry.table, cond);
      // Link by link: the expressions may use the link's own `$1`/`$2` (data-map.ts).
      else for (const link of subjectClauses(entry, subject)) n += await anonymiseRows(tx, entry.table, rule.set, link);
      if (n) counts[entry.label] = (counts[entry.label] ?? 0) + n;
    }
    for (const { entry, before } of kept) {
      const after = await countRows(tx, entry.table, subjectCondition(entry, subject)!);
      if (after < before) throw new Error(`privacy erasure: rows of ${entry.table} (kept by law) would be removed by a cascade`);
    }
    return counts;
  });
}
