import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ko } from '@suite/shared';
import { ACCESS, recordAccess } from '../../lib/access-log.ts';
import { createTestApp, dbKinds, movableClock, testClock, type TClock, type TTestContext } from '../../test/helpers.ts';
import { api, signedIn } from '../admin-users/testing/console-test-kit.ts';
import { call, GOOD_PASSWORD, loginAs, outbox } from '../auth/testing/auth-test-kit.ts';
import { stepOf, totpAt } from '../auth/totp.ts';
import { DATA_MAP } from './data-map.ts';
import { eraseDueAccounts } from './deletion.service.ts';
import { subjectRows } from './subjects.repository.ts';
import { makePersonWithData, slotStart, type TPerson } from './testing/people-kit.ts';

const d = ko.privacy.deletion;
type TLedger = { balances: { userId: string; name: string; balance: number }[]; settlements: { amount: number }[] };
const DAY = 86_400_000;

describe.each(dbKinds)('deleting my account, 30 days later erased by the data map (%s)', (kind) => {
  let t: TTestContext;
  let clock: TClock;
  let x: TPerson;
  let y: TPerson;
  let yBooking: { id: string; startsAt: string };
  let xBooking = '';
  let xMeal = '';
  let xToken: string;

  const rows = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const scheduledAt = async (id: string) => (await rows(sql`select deletion_scheduled_at as at from users where id = ${id}`))[0]?.at ?? null;
  const me = (token: string) => call(t, { url: '/api/me', token });
  const deleteMe = (token: string, body: unknown) => call(t, { method: 'DELETE', url: '/api/me', token, body });
  const cancel = (token: string) => call(t, { method: 'POST', url: '/api/me/deletion/cancel', token });
  const status = (token: string) => call(t, { url: '/api/me/deletion', token });
  const runSchedule = () => eraseDueAccounts({ db: t.database.db, log: t.app.log, now: clock.now });

  /** Every column of every mapped table (personal and other) that still holds one of the needles: 'table.column'. */
  async function holders(needles: string[]): Promise<string[]> {
    const found: string[] = [];
    for (const entry of DATA_MAP) {
      const columns = [...Object.keys(entry.personal), ...entry.other];
      if (!columns.length) continue;
      const checks = columns.map((c) => {
        const ors = needles.map((n) => sql`${sql.identifier(c)}::text ILIKE ${`%${n.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}`);
        return sql`coalesce(bool_or(${sql.join(ors, sql.raw(' OR '))}), false) AS ${sql.identifier(c)}`;
      });
      const [row] = await rows(sql`SELECT ${sql.join(checks, sql.raw(', '))} FROM ${sql.identifier(entry.table)}`);
      for (const c of columns) if (row?.[c] === true) found.push(`${entry.table}.${c}`);
    }
    return found.sort();
  }
  const needlesOf = (p: TPerson) => [p.id, p.email, p.name, p.phone, p.phone.replace(/\D/g, '')];
  const keptByLaw = new Set(DATA_MAP.filter((e) => e.erase?.kind === 'keep').map((e) => e.table));

  /** Y's rows, table by table, as the export finds them. */
  async function rowsOfY(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const entry of DATA_MAP) {
      const n = (await subjectRows(t.database.db, entry, { kind: 'user', userId: y.id, email: y.email })).length;
      if (n) out[entry.table] = n;
    }
    return out;
  }

  beforeAll(async () => {
    clock = testClock();
    t = await createTestApp(kind, { now: clock.now, jobs: false });
    y = await makePersonWithData(t, { name: '남는사람' });
    x = await makePersonWithData(t, { name: '떠날사람', joinSeedOf: y });
    xToken = x.token;
    // In Y's seed: a booking of Y that X attends, and one X organised.
    const ys = api(t, y.token);
    const rooms = await ys('GET', `/api/seeds/${y.seedId}/rooms`);
    const roomId = (rooms.body as { data: { id: string }[] }).data[0]!.id;
    const start = slotStart(clock.now(), 50, 3);
    const at = (h: number) => new Date(start.getTime() + h * 3_600_000).toISOString();
    const made = await ys('POST', `/api/seeds/${y.seedId}/bookings`, {
      roomId,
      title: '남는 회의',
      startsAt: at(0),
      endsAt: at(1),
      attendees: [y.email, x.email],
    });
    expect(made.status).toBe(201);
    yBooking = { id: (made.body as { data: { id: string } }).data.id, startsAt: at(0) };
    // X, as a seed manager, read personal data once: the access record is kept two years by law, also after erasure.
    await recordAccess(t.database.db, {
      actorId: x.id,
      actorEmail: x.email,
      scope: 'seed',
      seedId: x.seedId,
      action: ACCESS.seedMembersList,
      subject: x.seedId,
      ip: '10.9.9.9',
    });
    const xs = api(t, x.token);
    const own = await xs('POST', `/api/seeds/${y.seedId}/bookings`, {
      roomId,
      title: '떠날 회의',
      startsAt: at(2),
      endsAt: at(3),
      attendees: [x.email, y.email],
    });
    expect(own.status).toBe(201);
    xBooking = (own.body as { data: { id: string } }).data.id;
    // In Y's seed: a meal round X hosts, Y joins, X closes; Y pays X part of her share (ledger rows between them).
    const now = clock.now();
    const meal = await xs('POST', `/api/seeds/${y.seedId}/meals`, {
      title: '떠날 점심',
      date: new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10),
      deadline: new Date(now.getTime() + 30 * 60_000).toISOString(),
      mode: 'menu',
      options: [{ name: '냉면', price: 12000 }],
      split: 'even',
    });
    expect(meal.status).toBe(201);
    const m = (meal.body as { data: { id: string; options: { id: string }[] } }).data;
    xMeal = m.id;
    for (const who of [xs, ys]) expect((await who('POST', `/api/seeds/${y.seedId}/meals/${m.id}/join`, { choice: m.options[0]!.id })).status).toBe(200);
    expect((await xs('POST', `/api/seeds/${y.seedId}/meals/${m.id}/close`)).status).toBe(200);
    const paid = await xs('POST', `/api/seeds/${y.seedId}/meal-ledger/settlements`, { fromUserId: y.id, toUserId: x.id, amount: 5000 });
    expect(paid.status).toBe(201);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('bad bodies get 400 in Korean and change nothing', async () => {
    const bodies = [{}, [], { password: '' }, { password: '', secondFactorCode: '' }, { password: 12345678 }, { password: 'x'.repeat(201) }];
    for (const body of [...bodies, { secondFactorCode: '12' }, { secondFactorCode: 'x'.repeat(65) }]) {
      const res = await deleteMe(xToken, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/[가-힣]/);
      // Our own Korean sentences, not zod's generic ones ('string이 너무 작습니다', '예상 타입은 …').
      expect(res.body.error).not.toMatch(/string|타입|문자 이상/);
    }
    expect(await scheduledAt(x.id)).toBeNull();
  });

  it('a wrong password gets 400 and nothing changes; owning a seed gets 409 naming it', async () => {
    const wrong = await deleteMe(xToken, { password: 'Wrong1pass' });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'REAUTH_FAILED' } });
    expect(await scheduledAt(x.id)).toBeNull();
    expect((await me(xToken)).status).toBe(200);

    const owned = await deleteMe(xToken, { password: x.password });
    expect(owned.status).toBe(409);
    expect(owned.body).toMatchObject({ code: 'PRIVACY_SEEDS_OWNED', error: ko.privacy.server.seedsOwned });
    expect(owned.body.details).toEqual([{ path: `seeds.${x.seedId}`, message: d.ownedSeed('떠날사람의 시드', 2) }]);
    expect(await scheduledAt(x.id)).toBeNull();
    const st = await status(xToken);
    expect(st.body).toEqual({
      deleteAt: null,
      ownedSeeds: [{ id: x.seedId, seed_name: '떠날사람의 시드', members: 2 }],
      hasPassword: true,
      hasSecondFactor: false,
    });
  });

  it('after the seed is deleted, the request schedules the deletion in 30 days and ends every session at once', async () => {
    expect((await api(t, xToken)('DELETE', `/api/seeds/${x.seedId}`)).status).toBe(200);
    const other = await loginAs(t, x.email); // another device
    const res = await deleteMe(xToken, { password: x.password });
    expect(res.status).toBe(202);
    const deleteAt = new Date(res.body.deleteAt as string);
    expect(Math.abs(deleteAt.getTime() - (clock.now().getTime() + 30 * DAY))).toBeLessThan(60_000);
    expect(new Date((await scheduledAt(x.id)) as string).getTime()).toBe(deleteAt.getTime());
    expect((await me(xToken)).status).toBe(401);
    expect((await me(other.tokens.access_token)).status).toBe(401);
    expect((await call(t, { url: '/api/refresh-token', body: { refresh_token: other.tokens.refresh_token } })).status).toBe(401);
    const mail = (await outbox(t, x.email)).find((m) => m.subject === d.mailScheduledSubject);
    expect(mail?.text).toContain('/settings/privacy');
    expect(mail?.text).toContain('다시 로그인');
    const audit = await rows(sql`select action from audit_log where action = 'privacy.deletion_requested' and actor_id = ${x.id}`);
    expect(audit).toHaveLength(1);
  });

  it('a stranger cannot cancel it; the person signs in again within the grace period and cancels', async () => {
    expect(await cancel(y.token)).toMatchObject({ status: 409, body: { code: 'PRIVACY_DELETION_NOT_PENDING', error: ko.privacy.server.deletionNotPending } });
    expect(await scheduledAt(x.id)).not.toBeNull();
    clock.advance(29 * DAY);
    xToken = (await loginAs(t, x.email)).tokens.access_token;
    const st = await status(xToken);
    expect(st.body).toMatchObject({ ownedSeeds: [], hasPassword: true });
    expect(st.body.deleteAt).not.toBeNull();
    expect(await cancel(xToken)).toMatchObject({ status: 200, body: { message: d.canceled } });
    expect(await scheduledAt(x.id)).toBeNull();
    expect(await cancel(xToken)).toMatchObject({ status: 409, body: { code: 'PRIVACY_DELETION_NOT_PENDING' } });
    expect((await outbox(t, x.email)).some((m) => m.subject === d.mailCanceledSubject)).toBe(true);
    clock.advance(2 * DAY);
    expect(await runSchedule()).toBe(0);
    expect((await me(xToken)).status).toBe(200);
  });

  it('asked again and 30 days later, the schedule erases X everywhere the map says, and leaves Y and her seed intact', async () => {
    const res = await deleteMe(xToken, { password: x.password });
    expect(res.status).toBe(202);
    clock.advance(29 * DAY);
    expect(await runSchedule()).toBe(0); // not due yet
    expect(await scheduledAt(x.id)).not.toBeNull();

    await t.app.usage.flush(); // the API call tallies of the last seconds (in production long written by then)
    const keptBefore = (await holders(needlesOf(x))).filter((h) => keptByLaw.has(h.split('.')[0]!));
    const ledgerOf = async () => {
      const res = await api(t, (await loginAs(t, y.email)).tokens.access_token)('GET', `/api/seeds/${y.seedId}/meal-ledger`);
      expect(res.status).toBe(200);
      return res.body as TLedger;
    };
    const ledgerBefore = await ledgerOf();
    await t.app.usage.flush(); // that read's own tally, so it is counted before and not only after
    const yBefore = await rowsOfY(); // after that sign-in of hers
    const yBalance = (l: TLedger) => l.balances.find((b) => b.userId === y.id)?.balance;
    expect(yBalance(ledgerBefore)).toBe(-1000); // her 6 000 share, 5 000 paid back
    const roundBefore = await rows(sql`select user_id, amount from meal_shares where meal_id = ${xMeal} order by user_id`);
    expect(roundBefore).toHaveLength(2);
    clock.advance(DAY + 60_000);
    expect(await runSchedule()).toBe(1);

    // Column by column: nothing of X's (id, e-mail, phone) is left, except in tables kept by law.
    const after = await holders(needlesOf(x));
    expect(keptBefore).toEqual(['privacy_access_log.actor_email', 'privacy_access_log.actor_id']);
    expect(after.filter((h) => keptByLaw.has(h.split('.')[0]!))).toEqual(keptBefore);
    expect(await rows(sql`select action from privacy_access_log where actor_id = ${x.id}`)).toEqual([{ action: ACCESS.seedMembersList }]);
    const [id, email, name, ...phone] = needlesOf(x);
    expect((await holders([email!, ...phone])).filter((h) => !keptByLaw.has(h.split('.')[0]!))).toEqual([]);
    // X's id stays only as a pseudonymous key of the tombstone (and in its placeholder address), in the rows Y still
    // needs: the booking X organised, the round X hosted, X's share and participation, the ledger between them.
    expect((await holders([id!])).filter((h) => !keptByLaw.has(h.split('.')[0]!))).toEqual([
      'meal_ledger.created_by_id',
      'meal_ledger.to_user_id',
      'meal_participants.user_id',
      'meal_shares.user_id',
      'meals.host_id',
      'meals.paid_by_id',
      'room_bookings.organizer_id',
      'users.email',
      'users.id',
    ]);
    const [tomb] = await rows(sql`select * from users where id = ${x.id}`);
    expect(tomb).toMatchObject({
      email: `erased-${x.id}@erased.invalid`,
      full_name: '탈퇴한 사용자',
      phone: '',
      password_hash: null,
      google_sub: null,
      avatar_url: null,
      marketing_consent: false,
      email_verified: false,
      status: 'erased',
      deletion_scheduled_at: null,
      deleted_at: null,
    });
    // X's name survives only as words in messages OTHER people received (a notice to the meal buddy "떠날사람 님이 식사
    // 라운드를 열었습니다", the invitation mail to an outside address); their own retention purges them (90 and 30 days).
    expect((await holders([name!])).filter((h) => !keptByLaw.has(h.split('.')[0]!))).toEqual([
      'dev_outbox.html',
      'dev_outbox.subject',
      'dev_outbox.text',
      'notifications.body',
      'notifications.title',
    ]);
    const like = `%${name}%`;
    expect(await rows(sql`select 1 from dev_outbox where (text ilike ${like}) and lower(to_address) = ${x.email}`)).toEqual([]);
    const notices = await rows(sql`select user_id from notifications where title ilike ${like} or body ilike ${like}`);
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.every((n) => [x.buddy.id, y.id, y.buddy.id].includes(n.user_id as string))).toBe(true);
    const [erased] = await rows(sql`select metadata from audit_log where action = 'privacy.account_erased'`);
    expect((erased!.metadata as { rows: Record<string, number> }).rows['회원 계정']).toBe(1);
    expect(await runSchedule()).toBe(0);

    // Y: every row of hers is still there, her seed works, her booking lost X from its attendees only.
    expect(await rowsOfY()).toEqual(yBefore);
    // The shared seed's meal ledger: Y's balance, the transfers and the round's shares are unchanged; X is a tombstone.
    const ledgerAfter = await ledgerOf();
    expect(yBalance(ledgerAfter)).toBe(yBalance(ledgerBefore));
    expect(ledgerAfter.balances.map((b) => b.balance)).toEqual(ledgerBefore.balances.map((b) => b.balance));
    expect(ledgerAfter.settlements.map((x) => x.amount)).toEqual(ledgerBefore.settlements.map((x) => x.amount));
    expect(await rows(sql`select user_id, amount from meal_shares where meal_id = ${xMeal} order by user_id`)).toEqual(roundBefore);
    expect(JSON.stringify(ledgerAfter)).not.toContain(x.name);
    expect(JSON.stringify(ledgerAfter)).toContain('탈퇴한 사용자');
    expect(await holders(needlesOf(y))).toContain('users.email');
    const yToken = (await loginAs(t, y.email)).tokens.access_token;
    const from = new Date(new Date(yBooking.startsAt).getTime() - DAY).toISOString();
    const to = new Date(new Date(yBooking.startsAt).getTime() + DAY).toISOString();
    const list = await api(t, yToken)('GET', `/api/seeds/${y.seedId}/bookings?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(list.status).toBe(200);
    const booking = (list.body as { data: { id: string; title: string; attendees: string[] }[] }).data.find((b) => b.id === yBooking.id);
    expect(booking?.title).toBe('남는 회의');
    expect(JSON.stringify(booking)).not.toContain(x.email);
    expect(JSON.stringify(booking)).toContain(y.email);
    // The booking X organised, with Y attending, is still there for Y: organised by the tombstone, without X's address.
    const theirs = (list.body as { data: { id: string; organizer: { name: string; email: string } }[] }).data.find((b) => b.id === xBooking);
    expect(theirs?.organizer.name).toBe('탈퇴한 사용자');
    expect(JSON.stringify(theirs)).not.toContain(x.email);
    expect(JSON.stringify(theirs)).toContain(y.email);
    const members = await api(t, yToken)('GET', `/api/seeds/${y.seedId}/members`);
    expect(members.status).toBe(200);
    expect(JSON.stringify(members.body)).not.toContain(x.email);

    // X is gone: the old sign-in fails, the tombstone's address signs nobody in, an admin's list never shows it.
    expect((await call(t, { url: '/api/auth-login', body: { email: x.email, password: x.password } })).status).toBe(401);
    const tombLogin = await call(t, { url: '/api/auth-login', body: { email: `erased-${x.id}@erased.invalid`, password: x.password } });
    expect(tombLogin).toMatchObject({ status: 401, body: { code: 'INVALID_CREDENTIALS' } });
    const admin = await signedIn(t, { role: 'admin' });
    for (const q of [`?search=erased-${x.id}`, `?search=${encodeURIComponent('탈퇴한')}`, '?limit=100']) {
      const found = await api(t, admin.token)('GET', `/api/admin/users${q}`);
      expect(found.status).toBe(200);
      expect(JSON.stringify(found.body)).not.toContain(x.id);
    }
  });
});

describe.each(dbKinds)('deleting my account with a second-factor code, and the limit of guesses (%s)', (kind) => {
  let t: TTestContext;
  const clock = movableClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { now: clock.now, jobs: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  const deleteMe = (token: string, body: unknown) => call(t, { method: 'DELETE', url: '/api/me', token, body });

  it('a TOTP code or a recovery code re-authenticates; a wrong code gets 400', async () => {
    for (const use of ['totp', 'recovery'] as const) {
      const who = await signedIn(t, { fullName: '코드사용자' });
      const setup = await call(t, { url: '/api/me/second-factor/totp', method: 'POST', token: who.token });
      const secret = setup.body.secret as string;
      const code = () => totpAt(secret, stepOf(clock.now().getTime()));
      const confirmed = await call(t, { url: '/api/me/second-factor/totp/confirm', body: { code: code() }, token: who.token });
      expect(confirmed.status).toBe(200);
      expect((await call(t, { url: '/api/me/deletion', token: who.token })).body).toMatchObject({ hasPassword: true, hasSecondFactor: true, deleteAt: null });
      clock.advance(30_000);
      expect(await deleteMe(who.token, { secondFactorCode: '000000' === code() ? '111111' : '000000' })).toMatchObject({
        status: 400,
        body: { code: 'REAUTH_FAILED' },
      });
      const secondFactorCode = use === 'totp' ? code() : (confirmed.body.recovery_codes as string[])[0]!;
      const res = await deleteMe(who.token, { secondFactorCode });
      expect(res.status).toBe(202);
      expect((await call(t, { url: '/api/me', token: who.token })).status).toBe(401);
    }
  });

  it('guesses are limited like a password change: the 11th within 15 minutes gets 429', async () => {
    const who = await signedIn(t, { fullName: '추측당한사람' });
    for (let i = 0; i < 10; i++) expect((await deleteMe(who.token, { password: `Wrong${i}pass` })).status).toBe(400);
    const limited = await deleteMe(who.token, { password: GOOD_PASSWORD });
    expect(limited).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect((await call(t, { url: '/api/me/deletion', token: who.token })).body.deleteAt).toBeNull();
  });
});
