import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createJournalMeter } from './journal.ts';
import { periodOf, retriedCallId, type TMeteredEvent } from './meter.ts';

const SEED = '11111111-1111-4111-8111-111111111111';
const quiet = { error: () => undefined, warn: () => undefined };
const at = new Date('2026-11-27T10:00:00Z');

function setup(opts: { alive?: (pid: number) => boolean } = {}) {
  const dir = join(mkdtempSync(join(tmpdir(), 'suite-journal-')), 'metering');
  const written: TMeteredEvent[] = [];
  const errors: string[] = [];
  const meter = createJournalMeter({ dir, now: () => at, log: { error: (_o, m) => errors.push(m), warn: () => undefined }, chunk: 3, ...opts });
  meter.attach(async (events) => {
    written.push(...events);
  });
  return { dir, meter, written, errors };
}

describe('metering journal', () => {
  it('writes each event as a line before record returns, flushes them in chunks and deletes the sealed file', async () => {
    const { dir, meter, written } = setup();
    for (let i = 0; i < 7; i++) meter.record({ id: `api:${i}`, seedId: SEED, meter: 'api.calls' });
    meter.record({ id: 'llm:x', seedId: SEED, meter: 'llm.tokens', quantity: 41.6 });
    const [file] = readdirSync(dir);
    expect(file).toMatch(new RegExp(`^journal-${process.pid}-`));
    // A header line naming the file, then one line an event.
    expect(readFileSync(join(dir, file!), 'utf8').trim().split('\n')).toHaveLength(1 + 8);
    await meter.flush();
    expect(written.map((e) => e.id)).toEqual([...Array.from({ length: 7 }, (_, i) => `api:${i}`), 'llm:x']);
    expect(written.at(-1)).toEqual({ id: 'llm:x', seedId: SEED, meter: 'llm.tokens', quantity: 42, at });
    expect(readdirSync(dir)).toEqual([]);
    await meter.flush();
    expect(written).toHaveLength(8);
  });

  it('keeps everything when the writer fails and writes it at the next flush', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'suite-journal-')), 'metering');
    const written: string[] = [];
    let fail = true;
    const meter = createJournalMeter({ dir, now: () => at, log: quiet });
    meter.attach(async (events) => {
      if (fail) throw new Error('database down');
      written.push(...events.map((e) => e.id));
    });
    meter.record({ id: 'a', seedId: SEED, meter: 'api.calls' });
    await expect(meter.flush()).rejects.toThrow('database down');
    meter.record({ id: 'b', seedId: SEED, meter: 'api.calls' });
    fail = false;
    await meter.flush();
    expect(written.sort()).toEqual(['a', 'b']);
    expect(meter.pending()).toBe(0);
  });

  it('claims the files of a process that no longer runs (skipping a torn line), never those of a running one', async () => {
    const { dir, meter, written } = setup({ alive: (pid) => pid === 424242 });
    mkdirSync(dir, { recursive: true });
    const line = (id: string) => JSON.stringify([id, SEED, 'api.calls', 1, at.getTime()]);
    writeFileSync(join(dir, 'journal-999999-dead-1.jsonl'), `${line('dead:1')}\n${line('dead:2')}\n["dead:3","${SEED}","api.c`);
    writeFileSync(join(dir, 'claimed-888888-dead-2.jsonl'), `${line('dead:4')}\n`);
    writeFileSync(join(dir, 'journal-424242-live-1.jsonl'), `${line('live:1')}\n`);
    // A crashed process that had this process's pid (a restarted container's process often gets the same one): its
    // file has another tag, so it is an orphan to claim, not ours.
    writeFileSync(join(dir, `journal-${process.pid}-crashed-1.jsonl`), `${line('same-pid:1')}\n`);
    await meter.flush();
    expect(written.map((e) => e.id).sort()).toEqual(['dead:1', 'dead:2', 'dead:4', 'same-pid:1']);
    expect(readdirSync(dir)).toEqual(['journal-424242-live-1.jsonl']);
  });

  it('never throws into the caller: a journal that cannot be written keeps the events in memory for the flush', async () => {
    const base = mkdtempSync(join(tmpdir(), 'suite-journal-'));
    writeFileSync(join(base, 'metering'), 'a file where the folder should be');
    const errors: string[] = [];
    const written: string[] = [];
    const meter = createJournalMeter({ dir: join(base, 'metering'), now: () => at, log: { error: (_o, m) => errors.push(m), warn: () => undefined } });
    meter.attach(async (events) => void written.push(...events.map((e) => e.id)));
    expect(() => meter.record({ id: 'm1', seedId: SEED, meter: 'api.calls' })).not.toThrow();
    meter.record({ id: 'm2', seedId: SEED, meter: 'api.calls' });
    expect(errors).toHaveLength(1);
    await meter.flush();
    expect(written).toEqual(['m1', 'm2']);
  });

  it('names the Asia/Seoul month and derives a retried write’s id from seed, method, URL and key', () => {
    expect(periodOf(new Date('2026-11-30T14:59:59Z'))).toBe('2026-11');
    expect(periodOf(new Date('2026-11-30T15:00:00Z'))).toBe('2026-12');
    const a = retriedCallId(SEED, 'POST', '/api/v1/x/customers', 'k1');
    expect(retriedCallId(SEED, 'post', '/api/v1/x/customers', 'k1')).toBe(a);
    expect(retriedCallId(SEED, 'POST', '/api/v1/x/orders', 'k1')).not.toBe(a);
    expect(retriedCallId(SEED, 'POST', '/api/v1/x/customers', 'k2')).not.toBe(a);
    expect(a).toMatch(new RegExp(`^api:${SEED}:[0-9a-f]{64}$`));
  });
});
