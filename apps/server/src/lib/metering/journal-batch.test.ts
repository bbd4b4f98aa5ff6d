/** recordSoon (decision 076): the events of one event-loop turn are appended to the journal with one write. */
import { mkdtempSync, readdirSync, readFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJournalMeter } from './journal.ts';

// writeSync counted (and still done): the journal's batch must be one system call. The journal takes the write as an
// option (a module mock of node:fs would not reach a journal module another test file in the same worker loaded first).
const counted = vi.fn((fd: number, text: string) => writeSync(fd, text));
import { isPlainCall, type TMeteredEvent } from './meter.ts';

const SEED = '11111111-1111-4111-8111-111111111111';
const at = new Date('2026-11-27T10:00:00Z');

function setup() {
  const dir = join(mkdtempSync(join(tmpdir(), 'suite-journal-batch-')), 'metering');
  const written: TMeteredEvent[] = [];
  const errors: string[] = [];
  const meter = createJournalMeter({ dir, now: () => at, log: { error: (_o, m) => errors.push(m), warn: () => undefined }, writeSync: counted });
  meter.attach(async (events) => {
    written.push(...events);
  });
  /** The event lines of the journal files now in the folder (headers left out). */
  const lines = (): string[] => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return [];
    }
    return names.flatMap((n) =>
      readFileSync(join(dir, n), 'utf8')
        .split('\n')
        .filter((l) => l && !l.startsWith('["#"')),
    );
  };
  const ids = () => lines().map((l) => (JSON.parse(l) as [string])[0]);
  return { dir, meter, written, errors, lines, ids };
}

const event = (id: string) => ({ id, seedId: SEED, meter: 'api.calls' as const });
const nextTurn = () => new Promise<void>((r) => setImmediate(r));

describe('metering journal recordSoon', () => {
  afterEach(() => {
    counted.mockClear();
  });

  it('writes nothing during the turn, then one line an event when the promise resolves — with one write', async () => {
    const { meter, ids } = setup();
    const writes = counted;
    writes.mockClear();
    const promises = ['a', 'b', 'c', 'd'].map((id) => meter.recordSoon(event(id)));
    expect(ids()).toEqual([]);
    // The promises are one batch.
    expect(new Set(promises).size).toBe(1);
    await promises[0];
    expect(ids()).toEqual(['a', 'b', 'c', 'd']);
    // One write for the four lines (besides the header line of the file it opened).
    const batchWrites = writes.mock.calls.filter((c) => !String(c[1]).startsWith('["#"'));
    expect(batchWrites).toHaveLength(1);
    expect(String(batchWrites[0]![1]).split('\n').filter(Boolean)).toHaveLength(4);
    expect(meter.pending()).toBe(4);
  });

  it('resolves the promises only after the write', async () => {
    const { meter, ids } = setup();
    const seen: string[][] = [];
    const p = meter.recordSoon(event('x1'));
    void p.then(() => seen.push(ids()));
    meter.recordSoon(event('x2'));
    await p;
    expect(seen).toEqual([['x1', 'x2']]);
  });

  it('starts a new batch on the next turn', async () => {
    const { meter, ids } = setup();
    const first = meter.recordSoon(event('t1'));
    await nextTurn();
    const second = meter.recordSoon(event('t2'));
    expect(second).not.toBe(first);
    await first;
    expect(ids()).toEqual(['t1']);
    await second;
    expect(ids()).toEqual(['t1', 't2']);
  });

  it('record() still writes at once, while a batch waits for the end of the turn', async () => {
    const { meter, ids } = setup();
    const soon = meter.recordSoon(event('soon'));
    meter.record(event('now'));
    expect(ids()).toEqual(['now']);
    await soon;
    expect(ids().sort()).toEqual(['now', 'soon']);
  });

  it('pending() counts the waiting events, and flush() right after recordSoon (same turn) includes them', async () => {
    const { meter, written, ids, dir } = setup();
    const p1 = meter.recordSoon(event('f1'));
    const p2 = meter.recordSoon({ ...event('f2'), quantity: 3 });
    expect(meter.pending()).toBe(2);
    meter.record(event('f0'));
    expect(meter.pending()).toBe(3);
    await meter.flush();
    expect(written.map((e) => e.id).sort()).toEqual(['f0', 'f1', 'f2']);
    expect(written.find((e) => e.id === 'f2')).toEqual({ id: 'f2', seedId: SEED, meter: 'api.calls', quantity: 3, at });
    expect(meter.pending()).toBe(0);
    // The batch's promise resolved (the seal wrote it), and the scheduled write finds nothing left to write.
    await Promise.all([p1, p2]);
    await nextTurn();
    expect(ids()).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
    await meter.flush();
    expect(written).toHaveLength(3);
  });

  it('flush() started synchronously in the same turn as recordSoon, before any await, includes the events', async () => {
    const { meter, written } = setup();
    meter.recordSoon(event('s1'));
    const flushed = meter.flush();
    meter.recordSoon(event('s2'));
    await flushed;
    // s1 was recorded before the flush started. s2 came after: written by this flush or kept for the next one.
    expect(written.map((e) => e.id)).toContain('s1');
    await meter.flush();
    expect(written.map((e) => e.id).sort()).toEqual(['s1', 's2']);
    expect(meter.pending()).toBe(0);
  });

  it('close() writes the waiting events first', async () => {
    const { meter, written } = setup();
    const p = meter.recordSoon(event('c1'));
    await meter.close();
    await p;
    expect(written.map((e) => e.id)).toEqual(['c1']);
    expect(meter.pending()).toBe(0);
  });

  it('many events in one turn land as many lines, in order', async () => {
    const { meter, ids } = setup();
    const writes = counted;
    writes.mockClear();
    let last: Promise<void> | undefined;
    for (let i = 0; i < 500; i++) last = meter.recordSoon(event(`m${i}`));
    expect(meter.pending()).toBe(500);
    expect(writes).not.toHaveBeenCalled();
    await last;
    expect(ids()).toEqual(Array.from({ length: 500 }, (_, i) => `m${i}`));
    expect(writes.mock.calls.filter((c) => !String(c[1]).startsWith('["#"'))).toHaveLength(1);
  });

  it('callSoon: a turn’s plain calls of a seed are one plain-call event counting them, in the same write as recordSoon’s events', async () => {
    const { meter, lines, written } = setup();
    const OTHER = '22222222-2222-4222-8222-222222222222';
    counted.mockClear();
    const promises = [meter.callSoon(SEED), meter.callSoon(SEED), meter.callSoon(OTHER), meter.recordSoon(event('keyed')), meter.callSoon(SEED)];
    expect(new Set(promises).size).toBe(1);
    expect(meter.pending()).toBe(3);
    expect(lines()).toEqual([]);
    await promises[0];
    const rows = lines().map((l) => JSON.parse(l) as [string, string, string, number, number]);
    expect(rows.map(([id, seed, m, q, t]) => [id === 'keyed' ? id : 'plain', seed, m, q, t])).toEqual([
      ['keyed', SEED, 'api.calls', 1, at.getTime()],
      ['plain', SEED, 'api.calls', 3, at.getTime()],
      ['plain', OTHER, 'api.calls', 1, at.getTime()],
    ]);
    // Plain-call ids, different from each other: billing folds them and counts their quantities.
    const ids = rows.map((r) => r[0]).filter((id) => id !== 'keyed');
    expect(ids.every((id) => isPlainCall({ id, meter: 'api.calls' }))).toBe(true);
    expect(new Set(ids).size).toBe(2);
    expect(counted.mock.calls.filter((c) => !String(c[1]).startsWith('["#"'))).toHaveLength(1);
    // The next turn's calls are a new event.
    await meter.callSoon(SEED);
    const next = lines().map((l) => JSON.parse(l) as [string, string, string, number]);
    expect(next).toHaveLength(4);
    expect(ids).not.toContain(next[3]![0]);
    expect(next[3]!.slice(1, 4)).toEqual([SEED, 'api.calls', 1]);
    await meter.flush();
    const bySeed = (seed: string) => written.filter((e) => e.seedId === seed && e.id !== 'keyed').reduce((n, e) => n + e.quantity, 0);
    expect([bySeed(SEED), bySeed(OTHER)]).toEqual([4, 1]);
    expect(meter.pending()).toBe(0);
  });

  it('callSoon then flush() in the same turn writes the counted calls', async () => {
    const { meter, written } = setup();
    const p = meter.callSoon(SEED);
    meter.callSoon(SEED);
    await meter.flush();
    await p;
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ seedId: SEED, meter: 'api.calls', quantity: 2, at });
  });
});
