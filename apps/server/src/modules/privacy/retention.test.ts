import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../../db/client.ts';
import { recordAccess } from '../../lib/access-log.ts';
import { createTestApp, dbKinds, movableClock, type TTestApp } from '../../test/helpers.ts';
import { TICKET_RETENTION_DAYS } from '../chatbot/chatbot-notify.ts';
import { WEBHOOK_RETENTION_MS } from '../billing/payments.service.ts';
import { HOURS_KEPT_MS, MINUTES_KEPT_MS } from '../traffic/traffic.service.ts';
import { DATA_MAP, mapEntry } from './data-map.ts';
import { LAW_REFERENCES, lawOrder, yearsBefore } from './retention-law.ts';
import { PURGED_BY_MODULE, runRetention } from './retention.ts';

const DAY = 86_400_000;
const rows = <T>(res: unknown) => (res as { rows: T[] }).rows;

type TCol = { name: string; type: string; udt: string; nullable: boolean; hasDefault: boolean };

/** A value for a column the test does not care about (random where a unique key could clash). */
function filler(c: TCol, checks: string): ReturnType<typeof sql> {
  // A CHECK naming the column with literals ('a', 'b'): the first literal is an allowed value.
  const allowed = new RegExp(`\\b${c.name}\\b[^']*'([^']*)'`).exec(checks)?.[1];
  if (allowed !== undefined && /char|text/.test(c.type)) return sql`${allowed}`;
  if (c.type === 'uuid') return sql`gen_random_uuid()`;
  if (/char|text/.test(c.type)) return sql`${`ret-${randomBytes(6).toString('hex')}`}`;
  if (/int|numeric|double|real/.test(c.type)) return sql`${Math.floor(Math.random() * 1e6)}`;
  if (c.type === 'boolean') return sql`false`;
  if (/json/.test(c.type)) return sql`'{}'`;
  if (/timestamp/.test(c.type)) return sql`now()`;
  if (c.type === 'date') return sql`current_date`;
  if (c.type === 'ARRAY') return sql`'{}'`;
  if (c.type === 'bytea') return sql`'\\x00'::bytea`;
  if (c.type === 'inet') return sql`'127.0.0.1'`;
  if (c.type === 'USER-DEFINED') return sql.raw(`(enum_range(NULL::${c.udt}))[1]`);
  throw new Error(`retention.test: no filler for ${c.name} (${c.type})`);
}

/** Inserts one row of `table` with `column` = `at`, the NOT NULL columns filled, foreign keys not enforced (test only). */
async function plant(db: TDb, table: string, column: string, at: Date | string): Promise<void> {
  const cols = rows<{
    column_name: string;
    data_type: string;
    udt_name: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
    is_generated: string;
  }>(
    await db.execute(sql`select column_name, data_type, udt_name, is_nullable, column_default, is_identity, is_generated
      from information_schema.columns where table_schema = 'public' and table_name = ${table}`),
  ).map((r) => ({
    name: r.column_name,
    type: r.data_type,
    udt: r.udt_name,
    nullable: r.is_nullable === 'YES',
    hasDefault: r.column_default !== null || r.is_identity === 'YES' || r.is_generated !== 'NEVER',
  }));
  const checks = rows<{ def: string }>(
    await db.execute(sql`select pg_get_constraintdef(oid) as def from pg_constraint where conrelid = ${table}::regclass and contype = 'c'`),
  )
    .map((r) => r.def)
    .join(' ');
  const chosen = cols.filter((c) => c.name === column || (!c.nullable && !c.hasDefault));
  const values = chosen.map((c) => (c.name === column ? sql`${at instanceof Date ? at.toISOString() : at}` : filler(c, checks)));
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql`insert into ${sql.identifier(table)} (${sql.join(
        chosen.map((c) => sql.identifier(c.name)),
        sql.raw(', '),
      )}) values (${sql.join(values, sql.raw(', '))})`,
    );
  });
}

const countAt = async (db: TDb, table: string, column: string, at: Date | string) =>
  rows<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${at instanceof Date ? at.toISOString() : at}`,
    ),
  )[0]!.n;

const isDate = async (db: TDb, table: string, column: string) =>
  rows<{ data_type: string }>(
    await db.execute(sql`select data_type from information_schema.columns where table_schema = 'public' and table_name = ${table} and column_name = ${column}`),
  )[0]?.data_type === 'date';

const swept = DATA_MAP.flatMap((e) =>
  e.retention.kind === 'days' && !PURGED_BY_MODULE[e.table] ? [{ e, days: e.retention.days, column: e.retention.column }] : [],
);

describe.each(dbKinds)('privacy retention on %s', (kind) => {
  let t: TTestApp;
  const clock = movableClock(Date.parse('2026-11-27T03:00:00Z'));
  const log = { info: () => {}, warn: () => {}, error: () => {} } as never;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: clock.now, jobs: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is a schedule of the job runner', () => {
    expect(t.app.jobs.registered().schedules).toContain('privacy.retention');
  });

  it('agrees with the modules that purge their own tables', () => {
    expect(swept.length).toBeGreaterThan(0);
    const byModule: Record<string, number> = {
      chatbot_tickets: TICKET_RETENTION_DAYS,
      billing_webhook_events: WEBHOOK_RETENTION_MS / DAY,
      traffic_minutes: MINUTES_KEPT_MS / DAY,
      traffic_hours: HOURS_KEPT_MS / DAY,
      traffic_mails: HOURS_KEPT_MS / DAY,
    };
    for (const [table, days] of Object.entries(byModule)) expect(PURGED_BY_MODULE[table]?.days, table).toBe(days);
    for (const e of DATA_MAP) {
      const own = PURGED_BY_MODULE[e.table];
      if (own?.days != null && e.retention.kind === 'days') expect(e.retention.days, `${e.table}: map vs ${own.schedule}`).toBe(own.days);
    }
  });

  it('deletes exactly the rows older than each period of the map, in batches, and counts them', async () => {
    const db = t.database.db;
    const now = clock.now().getTime();
    const planted: { table: string; column: string; old: (Date | string)[]; young: Date | string }[] = [];
    for (const { e, days, column } of swept) {
      const cutoff = now - days * DAY;
      const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      const date = await isDate(db, e.table, column);
      // Just older / just younger than the period (an hour; a date column by whole days).
      const old = date ? [day(cutoff - 2 * DAY), day(cutoff - 3 * DAY), day(cutoff - 4 * DAY)] : [1, 2, 3].map((h) => new Date(cutoff - h * 3_600_000));
      const young = date ? day(cutoff + 2 * DAY) : new Date(cutoff + 3_600_000);
      for (const at of [...old, young]) await plant(db, e.table, column, at);
      planted.push({ table: e.table, column, old, young });
    }
    expect(planted.map((p) => p.table)).toEqual(swept.map((s) => s.e.table));
    const run = await runRetention({ db, now: clock.now, log }, { batch: 2 });
    expect(run.failed).toEqual({});
    expect(run.mismatched).toEqual([]);
    for (const p of planted) {
      for (const at of p.old) expect(await countAt(db, p.table, p.column, at), `${p.table} old ${String(at)}`).toBe(0);
      expect(await countAt(db, p.table, p.column, p.young), `${p.table} young`).toBe(1);
      expect(run.deleted[p.table], p.table).toBe(3);
    }
    const audit = rows<{ metadata: { deleted: Record<string, number>; label: string } }>(
      await db.execute(sql`select metadata from audit_log where action = 'privacy.retention' order by id desc limit 1`),
    )[0]!;
    expect(audit.metadata.deleted).toEqual(run.deleted);
    expect(audit.metadata.label).toContain(`${swept[0]!.e.label} 3건`);

    // A second run finds nothing and writes no audit row.
    const again = await runRetention({ db, now: clock.now, log });
    expect(again.deleted).toEqual({});
    expect(rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from audit_log where action = 'privacy.retention'`))[0]!.n).toBe(1);
  });

  it('keeps the access records at least two years, and destroys them after two (calendar) years', async () => {
    const entry = DATA_MAP.find((e) => e.table === 'privacy_access_log')!;
    const r = entry.retention;
    expect((r.kind === 'law' && r.years >= 2) || (r.kind === 'days' && r.days >= 730)).toBe(true);
    const db = t.database.db;
    const now = clock.now();
    const ages = { kept: new Date(now.getTime() - 729 * DAY), gone: new Date(yearsBefore(now, 2).getTime() - DAY) };
    for (const [who, at] of Object.entries(ages)) {
      await recordAccess(db, {
        actorId: null,
        actorEmail: `${who}@example.com`,
        scope: 'platform',
        action: 'admin.users.list',
        subject: 'page 1',
        ip: '127.0.0.1',
      });
      await db.execute(sql`update privacy_access_log set created_at = ${at.toISOString()} where actor_email = ${`${who}@example.com`}`);
    }
    const run = await runRetention({ db, now: clock.now, log });
    const left = async (who: string) =>
      rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from privacy_access_log where actor_email = ${`${who}@example.com`}`))[0]!.n;
    expect(await left('kept')).toBe(1);
    expect(await left('gone')).toBe(0);
    expect(run.deleted.privacy_access_log).toBe(1);
    expect(run.failed).toEqual({});
  });

  it('destroys invoices and tax invoices at the end of their legal period, never breaking a reference: a row still referenced by a younger one stays', async () => {
    const db = t.database.db;
    // The map's period (7 years from issue: 5 from the tax period's filing deadline, 국세기본법 제85조의3).
    const law = mapEntry('billing_invoices')?.retention;
    expect(law).toMatchObject({ kind: 'law', years: 7 });
    const cutoff = yearsBefore(clock.now(), law?.kind === 'law' ? law.years : 0).getTime();
    let n = 0;
    // Each planted row gets its own instant (found again by it): just over (old) or just under (young) the period.
    const at = (age: 'old' | 'young') => new Date(cutoff + (age === 'old' ? -DAY : DAY) - ++n * 60_000);
    const plantRow = async (table: string, age: 'old' | 'young') => {
      const when = at(age);
      await plant(db, table, 'created_at', when);
      return rows<{ id: string }>(await db.execute(sql`select id from ${sql.identifier(table)} where created_at = ${when.toISOString()}`))[0]!.id;
    };
    const inv = {
      old: await plantRow('billing_invoices', 'old'),
      young: await plantRow('billing_invoices', 'young'),
      youngAttempt: await plantRow('billing_invoices', 'old'),
      oldAttempt: await plantRow('billing_invoices', 'old'),
      youngTax: await plantRow('billing_invoices', 'old'),
      oldTax: await plantRow('billing_invoices', 'old'),
    };
    const attempt = (invoiceId: string, age: 'old' | 'young') =>
      db.execute(sql`insert into billing_payment_attempts (invoice_id, seed_id, attempt, amount, outcome, at)
        values (${invoiceId}, gen_random_uuid(), 1, 11000, 'paid', ${at(age).toISOString()})`);
    await attempt(inv.youngAttempt, 'young');
    await attempt(inv.oldAttempt, 'old');
    const tax = {
      old: await plantRow('billing_tax_invoices', 'old'),
      young: await plantRow('billing_tax_invoices', 'young'),
      original: await plantRow('billing_tax_invoices', 'old'),
      modify: await plantRow('billing_tax_invoices', 'young'),
    };
    const lists = (taxId: string, invoiceId: string) =>
      db.execute(sql`update billing_tax_invoices set invoice_ids = ${JSON.stringify([invoiceId])}::jsonb where id = ${taxId}`);
    await lists(tax.old, inv.oldTax);
    await lists(tax.young, inv.youngTax);
    await db.execute(sql`update billing_tax_invoices set kind = 'modify', original_id = ${tax.original} where id = ${tax.modify}`);

    const run = await runRetention({ db, now: clock.now, log });
    expect(run.failed).toEqual({});
    const ids = async (table: string) => new Set(rows<{ id: string }>(await db.execute(sql`select id::text from ${sql.identifier(table)}`)).map((r) => r.id));
    const invoices = await ids('billing_invoices');
    expect(Object.fromEntries(Object.entries(inv).map(([k, id]) => [k, invoices.has(id)]))).toEqual({
      old: false,
      young: true,
      youngAttempt: true,
      oldAttempt: false,
      youngTax: true,
      oldTax: false,
    });
    const taxes = await ids('billing_tax_invoices');
    expect(Object.fromEntries(Object.entries(tax).map(([k, id]) => [k, taxes.has(id)]))).toEqual({ old: false, young: true, original: true, modify: true });
    expect(run.deleted).toMatchObject({ billing_invoices: 3, billing_tax_invoices: 1 });
    // The old attempt went with its invoice; the young one stays with its own.
    const attempts = rows<{ invoice_id: string }>(await db.execute(sql`select invoice_id::text from billing_payment_attempts`)).map((r) => r.invoice_id);
    expect(attempts).toEqual([inv.youngAttempt]);

    // Once the young references are gone too (their own period over), the rows they kept go.
    await db.execute(sql`delete from billing_tax_invoices where id in (${tax.young}, ${tax.modify})`);
    await db.execute(sql`delete from billing_payment_attempts where invoice_id = ${inv.youngAttempt}`);
    const later = await runRetention({ db, now: clock.now, log });
    expect(later.deleted).toMatchObject({ billing_invoices: 2, billing_tax_invoices: 1 });
  });

  it('declares every foreign key into a law table (retention-law.ts), cascading ones as such', async () => {
    const law = DATA_MAP.filter((e) => e.retention.kind === 'law').map((e) => e.table);
    const fks = rows<{ from: string; to: string; action: string }>(
      await t.database.db.execute(sql`select conrelid::regclass::text as from, confrelid::regclass::text as to, confdeltype as action
        from pg_constraint where contype = 'f'`),
    ).filter((f) => law.includes(f.to));
    expect(fks.map((f) => `${f.from}→${f.to}`)).toContain('billing_payment_attempts→billing_invoices');
    for (const f of fks) {
      const declared = LAW_REFERENCES.find((r) => r.table === f.to && r.from === f.from);
      expect(declared, `${f.from} → ${f.to}`).toBeDefined();
      if (declared!.how.kind === 'cascade') expect(f.action, `${f.from} → ${f.to} cascades`).toBe('c');
    }
    // Tables swept first: whatever references a law table that is itself kept by law.
    expect(lawOrder(DATA_MAP).map((l) => l.entry.table)).toEqual(expect.arrayContaining(law));
    const order = lawOrder(DATA_MAP).map((l) => l.entry.table);
    expect(order.indexOf('billing_tax_invoices')).toBeLessThan(order.indexOf('billing_invoices'));
  });
});
