import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDb } from '../../db/client.ts';
import { createIntake, type TIntakeItem } from './intake.ts';

/**
 * When does the intake write? A database handle that records its first use (and then fails, so the batch ends in the
 * intake's own error log, which names the batch's events) shows it without a database.
 */
function setup(settle?: { quietMs: number; maxMs: number }) {
  const used: number[] = [];
  const db = new Proxy(
    {},
    {
      get() {
        used.push(Date.now());
        throw new Error('no database in this test');
      },
    },
  ) as TDb;
  const batches: string[][] = [];
  const log = { info: () => undefined, error: (o: object) => batches.push((o as { events: string[] }).events) };
  const intake = createIntake(db, () => new Date(), { enqueue: () => undefined, track: () => undefined }, log, settle);
  let n = 0;
  const item = (): TIntakeItem => ({ teamId: 'T1', eventId: `Ev${++n}`, type: 'app_mention', event: { channel: 'C1', ts: `${n}.0`, text: 'hi' } });
  return { intake, used, batches, item };
}

describe('slack intake: when acknowledged events are written', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('without settling (PostgreSQL) writes at once', async () => {
    const t = setup();
    t.intake.push(t.item());
    await vi.advanceTimersByTimeAsync(0);
    expect(t.used.length).toBeGreaterThan(0);
    await t.intake.flush();
    expect(t.batches).toEqual([['Ev1']]);
  });

  it('on PGlite waits until the burst has passed, then writes it as one batch', async () => {
    const t = setup({ quietMs: 5, maxMs: 40 });
    for (let i = 0; i < 6; i++) {
      t.intake.push(t.item());
      await vi.advanceTimersByTimeAsync(3);
      expect(t.used).toEqual([]);
    }
    await vi.advanceTimersByTimeAsync(10);
    expect(t.used.length).toBeGreaterThan(0);
    await t.intake.flush();
    expect(t.batches).toEqual([['Ev1', 'Ev2', 'Ev3', 'Ev4', 'Ev5', 'Ev6']]);
  });

  it('on PGlite never waits longer than maxMs while events keep arriving', async () => {
    const t = setup({ quietMs: 5, maxMs: 40 });
    const start = Date.now();
    for (let i = 0; i < 40 && t.used.length === 0; i++) {
      t.intake.push(t.item());
      await vi.advanceTimersByTimeAsync(2);
    }
    expect(t.used.length).toBeGreaterThan(0);
    expect(t.used[0]! - start).toBeLessThanOrEqual(40 + 5);
    await t.intake.flush();
    expect(t.batches.flat().length).toBeGreaterThan(15);
  });

  it('flush, as on close, waits out the settling and writes every buffered event, late ones too', async () => {
    const t = setup({ quietMs: 5, maxMs: 40 });
    t.intake.push(t.item());
    t.intake.push(t.item());
    const flushed = t.intake.flush();
    await vi.advanceTimersByTimeAsync(1);
    t.intake.push(t.item());
    expect(t.used).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    await flushed;
    expect(t.batches.flat()).toEqual(['Ev1', 'Ev2', 'Ev3']);
  });
});
