/** Helpers for the meal-manager and job-runner tests (not a test file itself). */
import { eq } from 'drizzle-orm';
import { buildApp } from '../../../app.ts';
import { devOutbox } from '../../../db/schema.ts';
import type { TDatabase } from '../../../db/client.ts';
import { freshDatabase, testConfig, testState, type TTestContext } from '../../../test/helpers.ts';
import { api, signedIn } from '../../admin-users/testing/console-test-kit.ts';
import { addMember } from '../../seeds/seeds.repository.ts';

/** A clock the test moves forward: `clock.advance(ms)`. */
export function testClock() {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms: number) => void (offset += ms) };
}

/** An app on `database` (fresh when omitted) whose job runner never polls and whose clock is `now`. */
export async function mealTestApp(kind: 'pglite' | 'postgres', opts: { now?: () => Date; database?: TDatabase; env?: Record<string, string> } = {}) {
  const config = testConfig({ JOBS_INTERVAL_MS: '0', ...opts.env });
  const database = opts.database ?? (await freshDatabase(kind));
  const state = await testState(kind);
  const app = await buildApp(config, { database, state, logger: false, ...(opts.now ? { now: opts.now } : {}) });
  await app.ready();
  const t: TTestContext = {
    app,
    database,
    state,
    config,
    close: async () => {
      await app.close();
      await state.close();
      if (!opts.database) await database.close();
    },
  };
  return t;
}

/** A seed with an owner and `others` members, all signed in. */
export async function seedWithMembers(t: TTestContext, others: number) {
  const owner = await signedIn(t, { fullName: '김주최' });
  const seed = (await api(t, owner.token)('POST', '/api/seeds', { seed_name: '점심 팀' })).body.data as { id: string };
  const names = ['이하나', '박두리', '최세나', '정네오', '한다섯', '윤여섯'];
  const members = [];
  for (let i = 0; i < others; i++) {
    const m = await signedIn(t, { fullName: names[i % names.length]! });
    await addMember(t.database.db, seed.id, m.id, 'member');
    members.push(m);
  }
  return { owner, members, seedId: seed.id, base: `/api/seeds/${seed.id}` };
}

export const inMinutes = (now: Date, minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

export async function mailsTo(t: TTestContext, to: string) {
  return t.database.db.select().from(devOutbox).where(eq(devOutbox.toAddress, to.toLowerCase()));
}
