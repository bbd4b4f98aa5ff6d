/**
 * Download my data (issue 32) on both databases: two people X and Y with data in every module (Y also joined X's seed
 * and put X on a booking); X's export, built by the job runner, holds exactly the rows an independent scan of every
 * table finds for X, nothing of Y's own, no secret; the link's life (ready, wrong token, expiry); the API's refusals.
 */
import { join } from 'node:path';
import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ko } from '@suite/shared';
import { createTestApp, dbKinds, testClock, type TTestApp } from '../../test/helpers.ts';
import { outbox } from '../auth/testing/auth-test-kit.ts';
import { settleAfterResponse } from '../../lib/after-response.ts';
import { parseCsvRecords } from '../../lib/csv.ts';
import { DATA_MAP } from './data-map.ts';
import { exportable, exportRow } from './export-zip.ts';
import { maskEmail, maskForeignEmails } from './export-redact.ts';
import { collectTables, expireExports } from './export-job.ts';
import { exportSubject } from './export-subject.ts';
import { findExport } from './export.repository.ts';
import type { TPrivacyDeps } from './privacy.deps.ts';
import { makePersonWithData, slotStart, type TPerson } from './testing/people-kit.ts';

const m = ko.privacy;

/**
 * Tables left out of the exact comparison, and why: `jobs` is a system queue, not the person's data (the export's own
 * job names no one: export-subject.ts).
 */
const NOT_COMPARED = new Set(['jobs']);
/**
 * Where the map's links are deliberately narrower than "mentions X": a seed invitation is the invitee's (linked by
 * e-mail; `invited_by` names the inviter as a reference, as `answered_by` does on tickets); a chatbot hand-off is the
 * seed's customer record, reached by the seed owner's request (seedEmail), not by the member's own export.
 */
const NARROWER: Record<string, string> = {
  seed_invitations: 'invited_by is a reference to the inviter',
  chatbot_tickets: "a seed's customer record (seed owners' requests)",
};

type TRows = Record<string, Record<string, unknown>[]>;

/** Every row of every table whose JSON mentions the person's id or lower-case e-mail (independent of the map's links). */
async function scan(t: TTestApp, p: { id: string; email: string }): Promise<TRows> {
  const db = t.database.db;
  const tables = (await db.execute(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  )) as unknown as {
    rows: { table_name: string }[];
  };
  const out: TRows = {};
  for (const { table_name: name } of tables.rows) {
    const res = (await db.execute(
      sql`SELECT t.* FROM ${sql.identifier(name)} t WHERE strpos(lower(to_jsonb(t)::text), ${p.email.toLowerCase()}) > 0 OR strpos(to_jsonb(t)::text, ${p.id}) > 0`,
    )) as unknown as { rows: Record<string, unknown>[] };
    if (res.rows.length) out[name] = res.rows;
  }
  // Refresh tokens carry neither the id nor the address: they are the person's through their sessions.
  const refresh = (await db.execute(
    sql`SELECT r.* FROM refresh_tokens r WHERE r.session_id IN (SELECT s.id FROM auth_sessions s WHERE strpos(to_jsonb(s)::text, ${p.id}) > 0)`,
  )) as unknown as { rows: Record<string, unknown>[] };
  if (refresh.rows.length) out.refresh_tokens = refresh.rows;
  return out;
}

/** A row as a comparable string: the export's own shape of it (other people's addresses masked), keys sorted. */
function canon(table: string, row: Record<string, unknown>, own: ReadonlySet<string>): string {
  const entry = DATA_MAP.find((e) => e.table === table);
  const shown = entry ? exportRow(entry, row) : row;
  return JSON.stringify(sortKeys(maskForeignEmails(shown, own)));
}
const sortKeys = (o: unknown) => Object.fromEntries(Object.entries(o as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)));

/**
 * A scan row as the export may show it: whole, or — for a row that only mentions the person — projected to the
 * exported row's columns, which must be the map's `mentionExport` ones, an attendee-style list reduced to their entry.
 */
function shownAs(table: string, scanned: Record<string, unknown>, exported: Record<string, unknown>, own: ReadonlySet<string>): string {
  const whole = canon(table, scanned, own);
  const keys = Object.keys(exported);
  if (keys.length === Object.keys(scanned).length) return whole;
  const spec = DATA_MAP.find((e) => e.table === table)?.mentionExport;
  if (!spec || keys.some((k) => !spec.columns.includes(k))) return whole;
  const picked = Object.fromEntries(keys.map((k) => [k, scanned[k]]));
  const list = spec.ownEntries;
  if (list && Array.isArray(picked[list.column])) {
    picked[list.column] = (picked[list.column] as Record<string, unknown>[]).filter((e) => own.has(String(e[list.emailKey]).toLowerCase()));
  }
  return canon(table, picked, own);
}

describe.each(dbKinds)('download my data on %s', (kind) => {
  let t: TTestApp;
  let x: TPerson;
  let y: TPerson;
  const clock = testClock();
  const inject = (method: 'GET' | 'POST', url: string, token?: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp(kind, { jobs: false, now: clock.now });
    x = await makePersonWithData(t, { name: '김엑스' });
    y = await makePersonWithData(t, { name: '이와이', joinSeedOf: x });
  }, 180_000);
  afterAll(async () => t?.close());

  const jobPayload = async (id: string) =>
    (
      (await t.database.db.execute(sql`select payload from jobs where key = ${`privacy-export:${id}`}`)) as unknown as {
        rows: { payload: Record<string, unknown> }[];
      }
    ).rows[0]?.payload;

  let exportId = '';
  let zipText = '';
  let files: Record<string, Uint8Array> = {};
  let before: TRows = {};

  it('builds X’s export on the job runner: 202, busy while pending, ready with a link, mailed', async () => {
    // Work left by the kit's requests (after-response writes, due notices) first: the scan and the export must see
    // the same rows.
    await settleAfterResponse();
    while ((await t.app.jobs.runDue()) > 0);
    await settleAfterResponse();
    const created = await inject('POST', '/api/me/export', x.token);
    expect(created.statusCode).toBe(202);
    exportId = created.json().id;
    expect(Object.keys(created.json())).toEqual(['id']);

    const busy = await inject('POST', '/api/me/export', x.token);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toBe(m.server.exportBusy);
    expect((await inject('GET', `/api/me/export/${exportId}`, x.token)).json()).toMatchObject({ id: exportId, status: 'pending', readyAt: null });

    // The job names no one in clear: only the export's id (its row says whose data it is).
    expect(await jobPayload(exportId)).toEqual({ exportId });

    await settleAfterResponse();
    before = await scan(t, x);
    while ((await t.app.jobs.runDue()) > 0);

    const status = (await inject('GET', `/api/me/export/${exportId}`, x.token)).json();
    expect(status).toMatchObject({ id: exportId, status: 'ready' });
    expect(status.url).toMatch(new RegExp(`^/api/me/export/${exportId}/download\\?token=`));
    expect(Date.parse(status.expiresAt) - Date.parse(status.readyAt)).toBe(24 * 3_600_000);
    const list = (await inject('GET', '/api/me/exports', x.token)).json();
    expect(list.data.map((e: { id: string }) => e.id)).toEqual([exportId]);

    const res = await inject('GET', status.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.rawPayload.byteLength).toBe(status.sizeBytes);
    files = unzipSync(new Uint8Array(res.rawPayload));
    zipText = Object.values(files)
      .map((f) => strFromU8(f))
      .join('\n');

    const mails = (await outbox(t, x.email)).filter((mail) => mail.subject === m.export.mailSubject);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.links.some((l) => l.endsWith('/settings/privacy'))).toBe(true);
    const direct = mails[0]!.links.find((l) => l.includes('/download?token='))!;
    expect(new URL(direct).pathname + new URL(direct).search).toBe(status.url);
  });

  it('holds, per mapped table, exactly the rows an independent scan finds for X (JSON and CSV, README, summary)', () => {
    const summary = JSON.parse(strFromU8(files['summary.json']!)) as { rows: Record<string, number> };
    const own = new Set([x.email.toLowerCase()]);
    const problems: string[] = [];
    for (const [table, rows] of Object.entries(before)) {
      if (NOT_COMPARED.has(table)) continue;
      const entry = DATA_MAP.find((e) => e.table === table);
      if (NARROWER[table]) {
        // Only the rows the links do reach are exported, and nothing beyond what the scan found.
        const got = files[`${table}.json`] ? (JSON.parse(strFromU8(files[`${table}.json`]!)) as { rows: Record<string, unknown>[] }).rows : [];
        for (const r of got)
          if (!rows.some((w) => shownAs(table, w, r, own) === canon(table, r, own))) problems.push(`${table}: an exported row does not mention X`);
        continue;
      }
      if (!entry?.subjects?.user && !entry?.subjects?.email) {
        problems.push(`${table}: ${rows.length} row(s) mention X but the map has no user/email link`);
        continue;
      }
      const file = files[`${table}.json`];
      const got = file ? (JSON.parse(strFromU8(file)) as { rows: Record<string, unknown>[] }).rows : [];
      // Each exported row is one scanned row, whole or (a row that only mentions X) projected by the map.
      const left = [...rows];
      let extra = 0;
      for (const r of got) {
        const i = left.findIndex((w) => shownAs(table, w, r, own) === canon(table, r, own));
        if (i < 0) extra++;
        else left.splice(i, 1);
      }
      if (left.length) problems.push(`${table}: ${left.length} row(s) mention X but are not exported`);
      if (extra) problems.push(`${table}: ${extra} exported row(s) do not mention X`);
      expect(summary.rows[table]).toBe(got.length);
    }
    for (const [table, n] of Object.entries(summary.rows)) if (n && !before[table]) problems.push(`${table}: ${n} exported, none found`);
    expect(problems).toEqual([]);

    // Every exported table has its CSV (UTF-8 with BOM, a record per row after the header) and a README entry.
    for (const [table, n] of Object.entries(summary.rows)) {
      if (!n) continue;
      const csv = files[`${table}.csv`]!;
      expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(parseCsvRecords(new TextDecoder().decode(csv)).records.length, table).toBe(n + 1);
      const label = DATA_MAP.find((e) => e.table === table)!.label;
      expect(strFromU8(files['README.txt']!)).toContain(`${table}.json / ${table}.csv — ${label} (${n}행)`);
    }
    expect(summary.rows.users).toBe(1);
    // The kit's data in every module is there (so the comparison above ran over all of them).
    const everywhere = ['seeds', 'seed_members', 'room_bookings', 'room_feed_tokens', 'meals', 'meal_participants', 'meal_ledger', 'notifications', 'consents'];
    everywhere.push(
      'audit_log',
      'beta_applications',
      'auth_sessions',
      'knowledge_sources',
      'api_connections',
      'admin_apps',
      'slack_workspaces',
      'billing_businesses',
    );
    for (const name of everywhere) expect(summary.rows[name] ?? 0, name).toBeGreaterThan(0);
  });

  it('holds nothing of Y’s own, and no secret', async () => {
    // Rows both are in (X's seed that Y joined, Y's booking X attends) are X's too; Y's own rows never appear.
    for (const [name, file] of Object.entries(files)) {
      if (!name.endsWith('.json') || name === 'summary.json') continue;
      const table = name.slice(0, -5);
      for (const row of (JSON.parse(strFromU8(file)) as { rows: Record<string, unknown>[] }).rows) {
        const text = JSON.stringify(row).toLowerCase();
        if (!text.includes(y.id) && !text.includes(y.email.toLowerCase())) continue;
        expect(text.includes(x.id) || text.includes(x.email.toLowerCase()), `${table} row of Y only`).toBe(true);
      }
    }
    expect(zipText).not.toContain(y.phone);
    // X typed the phone number in a chatbot hand-off: stored masked (decision 082), so the export holds the masked form.
    expect(zipText).not.toContain(x.phone);
    expect(zipText).toContain(`${x.phone.slice(0, 4)}****-${x.phone.slice(-4)}`);

    // No value of a column the map (or the secret-name rule) keeps out: password hash, token hashes, sealed secrets.
    // (Credentials only: a column kept out for another reason, such as an audit row's IP, may hold a value that is
    // exported in its own right elsewhere, like the session's IP.)
    const secrets: { where: string; value: string }[] = [];
    for (const [table, rows] of Object.entries(before)) {
      const entry = DATA_MAP.find((e) => e.table === table);
      if (!entry) continue;
      for (const row of rows)
        for (const [col, v] of Object.entries(row)) {
          const credential = (entry.personal[col]?.category ?? 'credential') === 'credential';
          if (!exportable(entry, col) && credential && typeof v === 'string' && v.length >= 8) secrets.push({ where: `${table}.${col}`, value: v });
        }
    }
    expect(secrets.map((x) => x.where)).toEqual(expect.arrayContaining(['users.password_hash', 'refresh_tokens.token_hash', 'room_feed_tokens.token_hash']));
    for (const x of secrets) expect(zipText.includes(x.value), x.where).toBe(false);
    expect(zipText).toContain(m.export.excluded);
    expect(zipText).not.toMatch(/\$argon2/);
  });

  it('refuses: another person’s export (404), a bad id (400), a wrong token (404), no token (400); Korean messages', async () => {
    const other = await inject('GET', `/api/me/export/${exportId}`, y.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe(m.server.exportNotFound);
    const bad = await inject('GET', '/api/me/export/not-an-id', x.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(m.server.exportNotFound);
    expect((await inject('GET', `/api/me/export/${exportId}`)).statusCode).toBe(401);
    const wrong = await inject('GET', `/api/me/export/${exportId}/download?token=${'A'.repeat(43)}`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error).toBe(m.export.linkInvalid);
    const none = await inject('GET', `/api/me/export/${exportId}/download`);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(m.export.linkInvalid);
    const unknown = await inject('GET', `/api/me/export/00000000-0000-4000-8000-000000000000/download?token=abc`);
    expect(unknown.statusCode).toBe(404);
  });

  it('expires the link 24 hours after ready (410), then the schedule deletes the file (and files of no ready row)', async () => {
    const url = (await inject('GET', `/api/me/export/${exportId}`, x.token)).json().url as string;
    clock.advance(24 * 3_600_000 + 60_000);
    const late = await inject('GET', url);
    expect(late.statusCode).toBe(410);
    expect(late.json().error).toBe(m.server.exportExpired);
    expect((await inject('GET', `/api/me/export/${exportId}`, x.token)).json()).toMatchObject({ status: 'expired' });
    expect((await inject('GET', `/api/me/export/${exportId}`, x.token)).json().url).toBeUndefined();

    const exportDir = join(t.config.dataDir, 'privacy-exports');
    expect(existsSync(join(exportDir, `${exportId}.zip`))).toBe(true);
    // Files without a ready row (an erased account's): removed once an hour old (by the file's own time), never younger.
    const orphan = join(exportDir, '11111111-1111-4111-8111-111111111111.zip');
    const young = join(exportDir, '22222222-2222-4222-8222-222222222222.zip.partial');
    writeFileSync(orphan, 'x');
    writeFileSync(young, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(orphan, twoHoursAgo, twoHoursAgo);
    const deps = { db: t.database.db, exportDir, now: clock.now } as unknown as TPrivacyDeps;
    expect(await expireExports(deps)).toBe(1);
    expect(existsSync(join(exportDir, `${exportId}.zip`))).toBe(false);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(young)).toBe(true);
    expect((await inject('GET', url)).statusCode).toBe(410);
  });

  it('shows a booking only attended, and an invitation’s audit row, to its invitee as what is about them; masks others', async () => {
    const outside = 'dave.outside@guest.example';
    const [{ room_id: roomId }] = (
      (await t.database.db.execute(sql`select room_id from room_bookings where id = ${x.bookingId}`)) as unknown as { rows: { room_id: string }[] }
    ).rows as [{ room_id: string }];
    const start = slotStart(clock.now(), 50, 1);
    const booked = await inject('POST', `/api/seeds/${x.seedId}/bookings`, x.token, {
      roomId,
      title: '박제삼 인사 평가',
      agenda: '박제삼의 평가 결과 공유',
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 3_600_000).toISOString(),
      attendees: [y.email, outside],
    });
    expect(booked.statusCode).toBe(201);
    const bookingId = booked.json().data.id as string;
    const deps = { db: t.database.db } as unknown as TPrivacyDeps;
    const tablesOf = async (p: TPerson) =>
      Object.fromEntries((await collectTables(deps, { kind: 'user', userId: p.id, email: p.email.toLowerCase() })).map((e) => [e.entry.table, e.rows]));

    const ofY = await tablesOf(y);
    const booking = ofY.room_bookings!.find((r) => r.id === bookingId)!;
    expect(Object.keys(booking).sort()).toEqual(['attendees', 'ends_at', 'id', 'room_id', 'starts_at', 'status']);
    expect(booking.attendees).toEqual([expect.objectContaining({ email: y.email.toLowerCase() })]);
    expect(JSON.stringify(ofY.room_bookings)).not.toMatch(/박제삼|dave\.outside|d\*\*\*@guest/);
    expect(JSON.stringify(ofY.room_bookings)).not.toContain(x.id);
    // X invited Y (the kit): the invitee sees what happened and when, not who, from where, or the seed's name.
    // (Y's own invitations, as the actor, are Y's rows, whole.)
    const invited = ofY.audit_log!.filter((r) => r.action === 'seed.member_invited' && r.actor_id !== y.id);
    expect(invited).toHaveLength(1);
    expect(Object.keys(invited[0]!).sort()).toEqual(['action', 'created_at']);

    // The organiser's export has the booking whole, but no one else's address in clear (masked, jsonb included).
    const ofX = await tablesOf(x);
    const mine = ofX.room_bookings!.find((r) => r.id === bookingId)!;
    expect(mine).toMatchObject({ title: '박제삼 인사 평가', organizer_id: x.id });
    expect(JSON.stringify(mine.attendees)).toContain(maskEmail(outside));
    const text = JSON.stringify(ofX).toLowerCase();
    for (const other of [y.email, outside, x.buddy.email]) expect(text).not.toContain(other.toLowerCase());
    expect(text).toContain(maskEmail(y.email.toLowerCase()));
    expect(text).toContain(x.email.toLowerCase());
    expect(zipText.toLowerCase()).not.toContain(y.email.toLowerCase());
  });

  it('every table with an e-mail-style link says what a row that only mentions the subject shows (mapped columns)', () => {
    for (const entry of DATA_MAP) {
      if (!entry.subjects?.email && !entry.subjects?.seedEmail) continue;
      expect(entry.mentionExport, entry.table).toBeDefined();
      const columns = [...Object.keys(entry.personal), ...entry.other];
      for (const c of entry.mentionExport!.columns) expect(columns, `${entry.table}.${c}`).toContain(c);
      const list = entry.mentionExport!.ownEntries;
      if (list) expect(entry.mentionExport!.columns).toContain(list.column);
    }
  });

  it('limits a person to 5 exports a day (429 in Korean)', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await inject('POST', '/api/me/export', y.token)).statusCode).toBe(202);
      while ((await t.app.jobs.runDue()) > 0);
    }
    const sixth = await inject('POST', '/api/me/export', y.token);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toBe(m.export.limit);
  });
  it("a seed owner's export of a customer: the job carries the customer sealed, the mail leads to the request page", async () => {
    const customer = x.buddy.email; // an attendee of X's booking, in X's seed
    const r = await inject('POST', `/api/seeds/${x.seedId}/privacy/requests`, x.token, { kind: 'export', subject: { email: customer.toUpperCase() } });
    expect(r.statusCode).toBe(201);
    const fileId = r.json().exportId as string;
    const payload = (await jobPayload(fileId))!;
    expect(Object.keys(payload).sort()).toEqual(['exportId', 'subjectSealed']);
    expect(JSON.stringify(payload).toLowerCase()).not.toContain(customer.toLowerCase());
    expect(JSON.stringify(payload).toLowerCase()).not.toContain(customer.split('@')[0]!.toLowerCase());

    // The sealed subject is bound to its export: under another export's id it is refused.
    const row = await findExport(t.database.db, fileId);
    const deps = { ctx: t.app.ctx, db: t.database.db } as unknown as TPrivacyDeps;
    expect(await exportSubject(deps, row!, payload)).toEqual({ kind: 'seedEmail', seedId: x.seedId, email: customer.toLowerCase() });
    await expect(exportSubject(deps, { ...row!, id: exportId }, payload)).rejects.toThrow(/another export/);

    while ((await t.app.jobs.runDue()) > 0);
    const done = (await inject('GET', `/api/seeds/${x.seedId}/privacy/requests/${r.json().id}`, x.token)).json();
    expect(done).toMatchObject({ status: 'done', exportStatus: 'ready' });
    const mails = (await outbox(t, x.email)).filter((mail) => mail.subject === m.export.mailRequestSubject);
    expect(mails).toHaveLength(1);
    const appUrl = t.app.ctx.config.appUrl;
    expect(mails[0]!.links).toEqual([`${appUrl}${done.exportUrl}`, `${appUrl}/admin/seeds/privacy`]);
    expect(mails[0]!.text).toContain(`${m.export.mailRequests}: ${appUrl}/admin/seeds/privacy`);
    expect(mails[0]!.text).not.toContain('/settings/privacy');
    const zip = await inject('GET', done.exportUrl as string);
    expect(zip.statusCode).toBe(200);
    const bookings = JSON.parse(strFromU8(unzipSync(new Uint8Array(zip.rawPayload))['room_bookings.json']!)) as { rows: unknown[] };
    expect(bookings.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(bookings.rows).toLowerCase()).toContain(customer.toLowerCase());
  });
});
