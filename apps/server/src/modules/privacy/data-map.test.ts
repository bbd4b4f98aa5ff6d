import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../../db/client.ts';
import { dbKinds, freshDatabase } from '../../test/helpers.ts';
import { checkDataMap } from './data-map.repository.ts';
import { DATA_MAP, mapEntry } from './data-map.ts';
import type { TTableMap } from './data-map.types.ts';
import { subjectClauses, type TSubject } from './subjects.repository.ts';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** `$1`, `$2` of a map text → bound parameters (as subjects.repository.ts and erasure bind them). */
function bind(text: string, params: readonly unknown[]) {
  const parts = text.split(/\$(\d)/);
  const chunks = [sql.raw(parts[0] ?? '')];
  for (let i = 1; i < parts.length; i += 2) chunks.push(sql`${params[Number(parts[i]) - 1]}`, sql.raw(parts[i + 1] ?? ''));
  return sql.join(chunks, sql.raw(''));
}

/** Applies an entry's anonymise rule to a subject's rows, link by link with that link's values (as erasure does). */
async function anonymise(database: TDatabase, entry: TTableMap, subject: TSubject): Promise<void> {
  if (entry.erase?.kind !== 'anonymise') throw new Error(`${entry.table} does not anonymise`);
  for (const { where, params } of subjectClauses(entry, subject)) {
    const sets = Object.entries(entry.erase.set).map(([c, expr]) => sql`${sql.identifier(c)} = ${bind(expr, params)}`);
    await database.db.execute(sql`UPDATE ${sql.identifier(entry.table)} SET ${sql.join(sets, sql.raw(', '))} WHERE ${bind(where, params)}`);
  }
}

for (const kind of dbKinds) {
  describe(`privacy data map (${kind})`, () => {
    let database: TDatabase;
    beforeAll(async () => {
      database = await freshDatabase(kind);
    });
    afterAll(async () => {
      await database?.close();
    });

    it('classifies every column of every table, names nothing that is gone, and every link and rule runs', async () => {
      const report = await checkDataMap(database.db);
      expect(report).toEqual({ unclassified: [], stale: [], badLinks: [] });
      const tables = rowsOf<{ n: number }>(
        await database.db.execute(sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`),
      );
      expect(DATA_MAP.length).toBe(Number(tables[0]!.n));
      expect(new Set(DATA_MAP.map((t) => t.label)).size).toBe(DATA_MAP.length);
    });

    it('keeps secrets out of the export and erases or keeps every table a person is linked to', () => {
      for (const [table, column] of [
        ['users', 'password_hash'],
        ['totp_factors', 'secret_sealed'],
        ['recovery_codes', 'code_hash'],
        ['refresh_tokens', 'token_hash'],
        ['slack_workspaces', 'bot_token_enc'],
        ['api_connections', 'password_enc'],
        ['billing_payment_methods', 'billing_key_sealed'],
      ] as const) {
        expect(mapEntry(table)?.personal[column]?.exportable, `${table}.${column}`).toBe(false);
      }
      for (const entry of DATA_MAP) {
        if (entry.erase?.kind === 'keep') expect(entry.retention.kind, entry.table).toBe('law');
        if (Object.keys(entry.personal).length) expect(entry.retention.kind, entry.table).not.toBe('none');
      }
      expect(mapEntry('privacy_access_log')?.retention).toMatchObject({ kind: 'law', years: 2 });
      expect(mapEntry('billing_invoices')?.retention).toMatchObject({ kind: 'law', years: 7 });
    });

    it('removes only the subject from shared rows: a booking keeps the other attendees, an audit row keeps the admin', async () => {
      const [x, y, admin] = [randomUUID(), randomUUID(), randomUUID()];
      const seed = randomUUID();
      const room = randomUUID();
      const booking = randomUUID();
      await database.exec(`
        INSERT INTO users (id, email, full_name) VALUES
          ('${x}', 'x-${x}@example.com', '김엑스'), ('${y}', 'y-${y}@example.com', '이와이'), ('${admin}', 'a-${admin}@example.com', '관리자');
        INSERT INTO seeds (id, seed_name, owner_id) VALUES ('${seed}', '공유 시드', '${y}');
        INSERT INTO rooms (id, seed_id, name) VALUES ('${room}', '${seed}', '큰 회의실');
        INSERT INTO room_bookings (id, seed_id, room_id, organizer_id, title, starts_at, ends_at, attendees) VALUES
          ('${booking}', '${seed}', '${room}', '${y}', '주간 회의', now(), now() + interval '1 hour',
           '[{"email": "X-${x}@Example.com", "userId": "${x}", "name": "김엑스"}, {"email": "guest@example.com"}, {"email": "y-${y}@example.com", "userId": "${y}"}]');
        INSERT INTO audit_log (actor_id, action, target_type, target_id, ip, metadata) VALUES
          ('${x}', 'auth.login', 'user', '${x}', '10.0.0.1', '{"userAgent": "UA"}'),
          ('${admin}', 'admin.user_updated', 'user', '${x}', '10.0.0.2', '{"label": "x-${x}@example.com"}'),
          (NULL, 'auth.login_failed', NULL, NULL, '10.0.0.3', '{"email": "x-${x}@example.com"}'),
          ('${admin}', 'admin.user_updated', 'user', '${y}', '10.0.0.4', '{"label": "y-${y}@example.com"}');
      `);
      const subject: TSubject = { kind: 'user', userId: x, email: `x-${x}@example.com` };
      await anonymise(database, mapEntry('room_bookings')!, subject);
      await anonymise(database, mapEntry('audit_log')!, subject);

      const [b] = rowsOf<{ attendees: { email: string }[]; organizer_id: string }>(
        await database.db.execute(sql`SELECT attendees, organizer_id FROM room_bookings WHERE id = ${booking}`),
      );
      expect(b!.organizer_id).toBe(y);
      expect(b!.attendees.map((a) => a.email)).toEqual(['guest@example.com', `y-${y}@example.com`]);

      const audit = rowsOf<{ actor_id: string | null; target_id: string | null; ip: string; metadata: Record<string, unknown> }>(
        await database.db.execute(sql`SELECT actor_id, target_id, ip, metadata FROM audit_log ORDER BY id`),
      );
      expect(audit).toEqual([
        { actor_id: null, target_id: null, ip: '', metadata: {} },
        { actor_id: admin, target_id: null, ip: '', metadata: {} },
        { actor_id: null, target_id: null, ip: '', metadata: {} },
        { actor_id: admin, target_id: y, ip: '10.0.0.4', metadata: { label: `y-${y}@example.com` } },
      ]);
    });
  });

  describe(`privacy data map: a migration the map does not know (${kind})`, () => {
    let database: TDatabase;
    beforeAll(async () => {
      database = await freshDatabase(kind);
    });
    afterAll(async () => {
      await database?.close();
    });

    it('reports a new column and a new table as unclassified', async () => {
      await database.exec(`
        ALTER TABLE users ADD COLUMN birth_date date;
        CREATE TABLE loyalty_cards (id uuid PRIMARY KEY, user_id uuid REFERENCES users(id), card_no text NOT NULL);
      `);
      const report = await checkDataMap(database.db);
      expect(report.unclassified.sort()).toEqual(['loyalty_cards.card_no', 'loyalty_cards.id', 'loyalty_cards.user_id', 'users.birth_date']);
      expect(report.stale).toEqual([]);
      expect(report.badLinks).toEqual([]);
    });

    it('reports map entries for columns and tables that are gone, links that fail and rules over missing columns', async () => {
      const map = DATA_MAP.map((e): TTableMap => {
        if (e.table === 'meals') return { ...e, other: [...e.other.filter((c) => c !== 'h'), 'old_column'] };
        if (e.table === 'room_bookings') return { ...e, subjects: { user: 'organiser = $1', email: 'organizer_id = $1' } };
        if (e.table === 'audit_log') return { ...e, erase: { kind: 'anonymise', set: { actor_id: "'x'::text" } } };
        if (e.table === 'room_events') return { ...e, erase: { kind: 'anonymise', set: { gone: 'NULL' } } };
        if (e.table === 'notifications') return { ...e, retention: { kind: 'days', days: 90, column: 'sent_at' } };
        if (e.table === 'consents') return { ...e, erase: { kind: 'keep', why: '' } };
        return e;
      });
      map.push({ table: 'dropped_table', label: '없어진 표', personal: {}, other: ['id'], retention: { kind: 'none' } });
      const report = await checkDataMap(database.db, map);
      expect(report.unclassified).toEqual(expect.arrayContaining(['meals.h']));
      expect(report.stale.sort()).toEqual(['dropped_table', 'meals.old_column']);
      const bad = report.badLinks.join('\n');
      expect(bad).toMatch(/room_bookings: user link fails: .*organiser/);
      expect(bad).toMatch(/room_bookings: email link fails/); // an e-mail where a uuid is compared
      expect(bad).toMatch(/room_events: anonymise column gone does not exist/);
      expect(bad).toMatch(/audit_log: anonymise \(user\) fails/); // text into a uuid column
      expect(bad).toMatch(/notifications: retention column sent_at does not exist/);
      expect(bad).toMatch(/consents: erase 'keep' without a 'law' retention/);
    });
  });
}
