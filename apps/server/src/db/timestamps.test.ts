import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { pgTimestampIso } from './timestamps.ts';
import { sql } from 'drizzle-orm';
import { preparedStatement } from './prepared.ts';

/** Each instant moved by up to a second, some by microseconds, as timestamptz (read as text, as raw statements do). */
const readBack = preparedStatement<{ t: string }>(
  'test_timestamps_read_back',
  sql`select x::timestamptz + make_interval(secs => floor(random() * 1000) / 1000.0 + (random() < 0.3)::int * 0.000123) as t
      from unnest(string_to_array(${sql.placeholder('instants')}, ',')) as x`,
);

describe('pgTimestampIso', () => {
  it('gives what Date gives for the texts PostgreSQL writes, in UTC and in other zones', () => {
    const texts = [
      '2026-11-26 10:00:00+00',
      '2026-11-26 10:00:00.5+00',
      '2026-11-26 10:00:00.12+00',
      '2026-11-26 10:00:00.123+00',
      '2026-11-26 10:00:00.123456+00',
      '2026-11-26 10:00:00.000999+00',
      '2026-11-26 19:00:00+09',
      '2026-11-26 05:30:00.25-04:30',
      '1999-12-31 23:59:59.999999+00',
    ];
    for (const t of texts) expect(pgTimestampIso(t), t).toBe(new Date(t).toISOString());
  });

  it('agrees with Date on random instants read back from a real database, whatever the session time zone', async () => {
    const { db, exec, close } = await openDatabase({ dataDir: 'memory://' });
    try {
      for (const zone of ['UTC', 'Asia/Seoul', 'America/St_Johns']) {
        await exec(`set time zone '${zone}'`);
        const instants = Array.from({ length: 200 }, () => new Date(Date.UTC(1990, 0, 1) + Math.floor(Math.random() * 60 * 365 * 86_400_000)));
        const rows = await readBack(db, { instants: instants.map((d) => d.toISOString()).join(',') });
        expect(rows).toHaveLength(200);
        for (const { t } of rows) expect(pgTimestampIso(t), `${zone}: ${t}`).toBe(new Date(t).toISOString());
      }
    } finally {
      await close();
    }
  });
});
