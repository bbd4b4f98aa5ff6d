/**
 * Erasure (issue 32): a data subject's rows, everywhere the data map (data-map.ts) says they are, deleted, anonymised
 * or kept (by law, or as shared records naming the account's tombstone) — found first, then changed, in one
 * transaction, so a failure (a foreign key, a bad map entry) leaves nothing half erased. Used by the account deletion's schedule (deletion.jobs) and by seed owners' erase requests.
 */
import type { TTransaction } from '../../db/client.ts';
import { DATA_MAP } from './data-map.ts';
import type { TTableMap } from './data-map.types.ts';
import type { TPrivacyDeps } from './privacy.deps.ts';
import {
  anonymiseRows,
  bind,
  countRows,
  deleteRows,
  foreignKeys,
  keyCondition,
  primaryKeys,
  rowKeys,
  type TForeignKey,
  type TRowKey,
} from './erasure.repository.ts';
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

type TSchema = { order: TTableMap[]; pks: Map<string, TRowKey> };
const schemas = new WeakMap<object, Promise<TSchema>>();
/** The erasure order and the tables' primary keys, read from the database once per connection. */
function schemaFor(deps: TErasureDeps): Promise<TSchema> {
  let found = schemas.get(deps.db);
  if (!found) {
    found = Promise.all([foreignKeys(deps.db), primaryKeys(deps.db)]).then(([fks, pks]) => ({ order: erasureOrder(DATA_MAP, fks), pks }));
    found.catch(() => schemas.delete(deps.db));
    schemas.set(deps.db, found);
  }
  return found;
}

/** What erasure needs of the privacy deps (any TPrivacyDeps will do; the schedule and tests pass only these). */
export type TErasureDeps = Pick<TPrivacyDeps, 'db'> & { log?: TPrivacyDeps['log'] | undefined };

/**
 * Erases one subject: for every map entry whose subject links match, its `erase` rule on the subject's rows. Returns
 * the rows deleted or anonymised per table label (tables with none are left out; a row two links both select, e.g. by
 * id and by e-mail, counts once per link it is anonymised by). Rows of `keep` tables are left as they are; should a
 * deletion cascade into them (a map error), the whole erasure is rolled back. Shared rows whose rule anonymises
 * nothing (`set: {}`) stay too, naming the account's tombstone (a seed the subject owned and that is deleted with
 * them takes its rounds along, as deleting a seed does). The `users` row itself is never deleted: its rule turns it
 * into a tombstone without any personal datum (data-map.ts, decision 071).
 */
export async function eraseSubject(deps: TErasureDeps, subject: TSubject): Promise<Record<string, number>> {
  return (await eraseSubjectIf(deps, subject, async () => true))!;
}

/** `stay`: shared rows that keep naming the tombstone (`set: {}`); a deleted seed may still take them with it. */
type TStep =
  | { entry: TTableMap; key: TRowKey; kind: 'delete' | 'keep' | 'stay'; keys: string[] }
  | { entry: TTableMap; key: TRowKey; kind: 'anonymise'; set: Readonly<Record<string, string>>; links: { params: readonly unknown[]; keys: string[] }[] };

/**
 * Every table's matching rows, by key, before anything changes: a link that goes through another table (a chatbot
 * conversation reached through its ticket's e-mail) would find nothing once that table's rows were deleted.
 */
async function resolveSteps(tx: TTransaction, order: readonly TTableMap[], pks: Map<string, TRowKey>, subject: TSubject, log?: TErasureDeps['log']) {
  const steps: TStep[] = [];
  for (const entry of order) {
    const cond = subjectCondition(entry, subject);
    if (!cond) continue;
    const rule = entry.erase;
    if (!rule) {
      log?.warn({ table: entry.table }, 'privacy: a table with subject links has no erase rule; left as is');
      continue;
    }
    const key = pks.get(entry.table) ?? [];
    if (rule.kind === 'anonymise' && Object.keys(rule.set).length) {
      const links = [];
      for (const link of subjectClauses(entry, subject))
        links.push({ params: link.params, keys: await rowKeys(tx, entry.table, key, bind(link.where, link.params)) });
      steps.push({ entry, key, kind: 'anonymise', set: rule.set, links });
    } else {
      const kind = rule.kind === 'anonymise' ? 'stay' : rule.kind;
      steps.push({ entry, key, kind, keys: kind === 'stay' ? [] : await rowKeys(tx, entry.table, key, cond) });
    }
  }
  return steps;
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
  const { order, pks } = await schemaFor(deps);
  return deps.db.transaction(async (tx) => {
    if (!(await precondition(tx))) return null;
    const steps = await resolveSteps(tx, order, pks, subject, deps.log);
    const counts: Record<string, number> = {};
    for (const step of steps) {
      let n = 0;
      if (step.kind === 'delete' && step.keys.length) n = await deleteRows(tx, step.entry.table, keyCondition(step.key, step.keys));
      // Link by link: the expressions may use the link's own `$1`/`$2` (data-map.ts).
      if (step.kind === 'anonymise')
        for (const link of step.links)
          if (link.keys.length) n += await anonymiseRows(tx, step.entry.table, step.set, link.params, keyCondition(step.key, link.keys));
      if (n) counts[step.entry.label] = (counts[step.entry.label] ?? 0) + n;
    }
    for (const step of steps) {
      if (step.kind !== 'keep' || !step.keys.length) continue;
      const after = await countRows(tx, step.entry.table, keyCondition(step.key, step.keys));
      if (after < step.keys.length) throw new Error(`privacy erasure: kept rows of ${step.entry.table} would be removed by a cascade`);
    }
    return counts;
  });
}
