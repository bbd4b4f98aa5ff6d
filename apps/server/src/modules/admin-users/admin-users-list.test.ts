import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TTestContext } from '../../test/helpers.ts';
import { api, makeUser, signedIn } from './testing/console-test-kit.ts';
import { joinedSince } from './admin-users.service.ts';

const DAY = 86_400_000;

describe.each(dbKinds)('admin users list on %s', (kind) => {
  let t: TTestContext;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  let member: Awaited<ReturnType<typeof signedIn>>;
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * DAY);

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signedIn(t, { email: 'root@corp.example', fullName: '관리자', role: 'admin', createdAt: ago(800) });
    member = await signedIn(t, { email: 'member@corp.example', fullName: '일반회원', createdAt: ago(700) });
    const people: [string, string, string, string, number][] = [
      ['kim.minsu@corp.example', '김민수', 'user', 'active', 0],
      ['kang.misun@corp.example', '강미선', 'user', 'suspended', 3],
      ['park.jiho@corp.example', '박지호', 'guest', 'active', 20],
      ['lee.seoyeon@other.example', '이서연', 'user', 'inactive', 100],
      ['John.Smith@other.example', 'John Smith', 'admin', 'active', 400],
      ['choi_50%@corp.example', '최영희', 'user', 'active', 2],
    ];
    for (const [email, fullName, role, status, days] of people) {
      await makeUser(t, { email: email.toLowerCase(), fullName, role, status, createdAt: ago(days) });
    }
    await makeUser(t, { email: 'gone@corp.example', fullName: '김민정', deletedAt: ago(1), createdAt: ago(1) });
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (qs: string) => {
    const res = await api(t, admin.token)('GET', `/api/admin/users${qs}`);
    expect(res.status).toBe(200);
    return res.body as { data: { email: string; full_name: string }[]; total: number; page: number; limit: number; totalPages: number };
  };
  const emails = (body: { data: { email: string }[] }) => body.data.map((u) => u.email);

  it('keeps the unfiltered total exact (trigger-kept count) through inserts, trash, restore and deletion', async () => {
    const counted = async () => {
      const res = (await t.app.ctx.database.db.execute(sql`select count(*)::int as n from users where deleted_at is null`)) as unknown as {
        rows: { n: number }[];
      };
      return Number(res.rows[0]!.n);
    };
    const start = (await list('')).total;
    expect(start).toBe(await counted());
    // A multi-row INSERT, a soft delete of two, a restore of one, a hard delete of a live one and one in the trash.
    await t.database.exec(
      `insert into users (email, full_name, role, status, email_verified) values ('cnt1@count.example', '카운트하나', 'user', 'active', true), ('cnt2@count.example', '카운트둘', 'user', 'active', true), ('cnt3@count.example', '카운트셋', 'user', 'active', true)`,
    );
    expect((await list('')).total).toBe(start + 3);
    await t.database.exec(`update users set deleted_at = now() where email in ('cnt1@count.example', 'cnt2@count.example')`);
    expect((await list('')).total).toBe(start + 1);
    await t.database.exec(`update users set deleted_at = null where email = 'cnt1@count.example'`);
    await t.database.exec(`update users set last_login_at = now() where email like '%@count.example'`);
    expect((await list('')).total).toBe(start + 2);
    // A trashed row whose time changes stays out; one statement that trashes one row and restores another adds nothing.
    await t.database.exec(`update users set deleted_at = now() - interval '1 day' where email = 'cnt2@count.example'`);
    expect((await list('')).total).toBe(start + 2);
    await t.database.exec(
      `update users set deleted_at = case when deleted_at is null then now() else null end where email in ('cnt1@count.example', 'cnt2@count.example')`,
    );
    expect((await list('')).total).toBe(start + 2);
    expect((await list('')).total).toBe(await counted());
    await t.database.exec(`update users set deleted_at = now() where email = 'cnt3@count.example'`);
    expect((await list('')).total).toBe(start + 1);
    await t.database.exec(`update users set deleted_at = null where email in ('cnt1@count.example', 'cnt3@count.example')`);
    expect((await list('')).total).toBe(start + 3);
    await t.database.exec(`delete from users where email in ('cnt1@count.example', 'cnt2@count.example', 'cnt3@count.example')`);
    expect((await list('')).total).toBe(start);
    expect(start).toBe(await counted());
  });

  it('answers the spec’s list result, newest first by default, page size 10, deleted users left out', async () => {
    const body = await list('');
    expect(body).toMatchObject({ total: 8, page: 1, limit: 10, totalPages: 1 });
    expect(body.data[0]).toMatchObject({ email: 'kim.minsu@corp.example', full_name: '김민수', role: 'user', status: 'active', provider: 'email', phone: '' });
    expect(Object.keys(body.data[0]!).sort()).toEqual(
      ['avatar_url', 'created_at', 'email', 'full_name', 'id', 'last_login_at', 'phone', 'provider', 'role', 'status', 'updated_at'].sort(),
    );
    expect(emails(body)).not.toContain('gone@corp.example');
    expect(emails(body).at(-1)).toBe('root@corp.example');
    expect((await list('?sort=created_at&order=desc')).data).toEqual(body.data);
  });

  it('searches email or name case-insensitively, with LIKE wildcards taken literally', async () => {
    expect(emails(await list('?search=JOHN'))).toEqual(['john.smith@other.example']);
    expect(emails(await list('?search=smith'))).toEqual(['john.smith@other.example']);
    expect(emails(await list('?search=민수'))).toEqual(['kim.minsu@corp.example']);
    expect((await list('?search=other.example')).total).toBe(2);
    expect(emails(await list('?search=50%25'))).toEqual(['choi_50%@corp.example']);
    expect((await list('?search=_')).total).toBe(1);
    expect((await list('?search=nobody-here')).data).toEqual([]);
  });

  it('finds names by Korean initial consonants', async () => {
    // 김민수 and 강미선 both read ㄱㅁㅅ; 김민정 (ㄱㅁㅈ) is in the trash.
    expect(emails(await list(`?search=${encodeURIComponent('ㄱㅁㅅ')}`))).toEqual(['kim.minsu@corp.example', 'kang.misun@corp.example']);
    expect(emails(await list(`?search=${encodeURIComponent('ㄱ ㅁ')}&sort=email&order=asc`))).toEqual(['kang.misun@corp.example', 'kim.minsu@corp.example']);
    expect(emails(await list(`?search=${encodeURIComponent('ㅁㅅ')}&role=user&status=suspended`))).toEqual(['kang.misun@corp.example']);
    expect(emails(await list(`?search=${encodeURIComponent('ㅈㅎ')}`))).toEqual(['park.jiho@corp.example']);
    expect((await list(`?search=${encodeURIComponent('ㅎㅎㅎ')}`)).total).toBe(0);
  });

  it('filters by role, status and join date, and combines filters', async () => {
    expect(emails(await list('?role=admin&sort=email&order=asc'))).toEqual(['john.smith@other.example', 'root@corp.example']);
    expect(emails(await list('?role=guest'))).toEqual(['park.jiho@corp.example']);
    expect(emails(await list('?status=suspended'))).toEqual(['kang.misun@corp.example']);
    expect(emails(await list('?status=inactive'))).toEqual(['lee.seoyeon@other.example']);
    expect((await list('?role=&status=all&joined=')).total).toBe(8);
    expect(emails(await list('?joined=week&sort=email&order=asc'))).toEqual(['choi_50%@corp.example', 'kang.misun@corp.example', 'kim.minsu@corp.example']);
    expect((await list('?joined=month')).total).toBe(4);
    expect((await list('?joined=year')).total).toBe(5);
    expect(emails(await list('?joined=today'))).toContain('kim.minsu@corp.example');
    expect(emails(await list('?joined=week&status=active&search=corp'))).toEqual(['kim.minsu@corp.example', 'choi_50%@corp.example']);
  });

  it('sorts by email and join date both ways and pages', async () => {
    const asc = emails(await list('?sort=email&order=asc'));
    expect(asc).toEqual([...asc].sort());
    expect(emails(await list('?sort=email&order=desc'))).toEqual([...asc].reverse());
    expect(emails(await list('?sort=created_at&order=asc'))[0]).toBe('root@corp.example');
    const p1 = await list('?sort=email&order=asc&limit=3&page=1');
    const p3 = await list('?sort=email&order=asc&limit=3&page=3');
    expect(p1).toMatchObject({ total: 8, page: 1, limit: 3, totalPages: 3 });
    expect(emails(p1)).toEqual(asc.slice(0, 3));
    expect(emails(p3)).toEqual(asc.slice(6, 8));
    expect((await list('?limit=3&page=9')).data).toEqual([]);
  });

  it('refuses bad query values in Korean (400) and members (403)', async () => {
    for (const qs of ['?page=0', '?limit=1000', '?sort=name', '?role=owner', '?joined=decade']) {
      const res = await api(t, admin.token)('GET', `/api/admin/users${qs}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/[가-힣]/);
    }
    expect((await api(t, member.token)('GET', '/api/admin/users')).status).toBe(403);
    expect((await api(t)('GET', '/api/admin/users')).status).toBe(401);
  });

  it("leaves erased accounts' tombstones out of the list, its searches, its totals and the overview's count", async () => {
    const before = await list('');
    const overview = async () => (await api(t, admin.token)('GET', '/api/admin/overview')).body.users;
    const usersBefore = JSON.stringify(await overview());
    await makeUser(t, { email: 'erased-00000000-0000-4000-8000-000000000001@erased.invalid', fullName: '탈퇴한 사용자', status: 'erased' });
    const after = await list('');
    expect(after.total).toBe(before.total);
    expect(emails(after)).toEqual(emails(before));
    expect((await list('?search=erased')).total).toBe(0);
    expect((await list('?search=탈퇴한')).data).toEqual([]);
    expect((await list('?joined=today')).data.map((u) => u.email)).not.toContain('erased-00000000-0000-4000-8000-000000000001@erased.invalid');
    expect(JSON.stringify(await overview())).toBe(usersBefore);
  });

  it('computes join-date ranges: today from midnight Asia/Seoul', () => {
    // 2026-03-10 01:30 in Seoul is 2026-03-09 16:30 UTC; midnight Seoul is 2026-03-09 15:00 UTC.
    expect(joinedSince('today', new Date('2026-03-09T16:30:00Z'))!.toISOString()).toBe('2026-03-09T15:00:00.000Z');
    expect(joinedSince('today', new Date('2026-03-09T14:59:00Z'))!.toISOString()).toBe('2026-03-08T15:00:00.000Z');
    expect(joinedSince('week', new Date('2026-03-09T00:00:00Z'))!.toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(joinedSince('month', new Date('2026-03-31T00:00:00Z'))!.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(joinedSince(undefined, new Date())).toBeUndefined();
  });
});
