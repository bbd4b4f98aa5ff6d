/**
 * Rows kept by law (data map retention `law`: invoices and tax invoices 5 years, access records 2 years) are
 * destroyed once their period ends (PIPA 제21조), by the same hourly sweep as `days` rows (retention.ts). Some of them
 * are referenced by other rows; LAW_REFERENCES says how, so that the sweep never breaks a foreign key nor leaves a
 * younger record pointing at nothing:
 * - `keep`: the referenced row stays while any referencing row exists (a foreign key without ON DELETE CASCADE, or a
 *   reference the database does not enforce, such as a tax invoice's `invoice_ids`). Referencing tables that are
 *   themselves `law` tables are swept first (lawOrder), so an old record and its old references go in one run.
 * - `cascade`: the referencing rows are part of the row's record and go with it by their foreign key's ON DELETE
 *   CASCADE; the row stays while one of them is younger than the period (its `column` on or after the cutoff).
 * retention.test.ts fails when a foreign key into a `law` table is not declared here.
 */
import type { TTableMap } from './data-map.types.ts';

export type TLawReference = {
  /** The `law` table whose rows are referenced. */
  table: string;
  /** The referencing table. */
  from: string;
  /** SQL over `p` (the law table's row) and `c` (the referencing row): true when c references p. */
  match: string;
  /** `keep`: p stays while such a c exists. `cascade`: c goes with p (its foreign key cascades); p stays while a c is younger by `column`. */
  how: { kind: 'keep' } | { kind: 'cascade'; column: string };
};

export const LAW_REFERENCES: readonly TLawReference[] = [
  // A charge attempt of an invoice (FK ON DELETE CASCADE): the invoice's own record.
  { table: 'billing_invoices', from: 'billing_payment_attempts', match: 'c.invoice_id = p.id', how: { kind: 'cascade', column: 'at' } },
  // The monthly 세금계산서 lists the invoices it covers (no FK); it is made after its month, so usually younger.
  { table: 'billing_invoices', from: 'billing_tax_invoices', match: 'c.invoice_ids @> jsonb_build_array(p.id::text)', how: { kind: 'keep' } },
  // A 수정세금계산서 points at its original (no FK).
  { table: 'billing_tax_invoices', from: 'billing_tax_invoices', match: "c.kind = 'modify' AND c.original_id = p.id", how: { kind: 'keep' } },
];

export type TLawEntry = { entry: TTableMap; years: number; column: string; references: readonly TLawReference[] };

/** The map's `law` entries, referencing tables before the tables they reference (self-references aside). */
export function lawOrder(entries: readonly TTableMap[], refs: readonly TLawReference[] = LAW_REFERENCES): TLawEntry[] {
  const law = entries.flatMap((e) =>
    e.retention.kind === 'law' ? [{ entry: e, years: e.retention.years, column: e.retention.column, references: refs.filter((r) => r.table === e.table) }] : [],
  );
  const out: TLawEntry[] = [];
  const placed = new Set<string>();
  const visit = (l: TLawEntry, path: Set<string>) => {
    if (placed.has(l.entry.table) || path.has(l.entry.table)) return;
    path.add(l.entry.table);
    // Law tables that reference this one go first.
    for (const r of l.references) {
      const child = law.find((x) => x.entry.table === r.from && r.from !== l.entry.table);
      if (child) visit(child, path);
    }
    placed.add(l.entry.table);
    out.push(l);
  };
  for (const l of law) visit(l, new Set());
  return out;
}

/** The instant `years` calendar years before `now` (UTC; 29 February falls back to 1 March). */
export function yearsBefore(now: Date, years: number): Date {
  const d = new Date(now.getTime());
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d;
}
