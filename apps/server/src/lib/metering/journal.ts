/**
 * The metering journal (decision 058): `record` appends one line per event (`recordSoon`: the event-loop turn's events in one write, decision 076) to this process's file under
 * `DATA_DIR/metering/` with a synchronous write on a descriptor opened once, so the line is in the operating system's
 * page cache before the answer that caused it leaves — a kill -9 of the process loses nothing (a power cut may lose
 * what the disk had not yet written: out of scope). `flush` seals the file, writes its events through the billing
 * module's writer (one transaction a chunk, each id at most once) and deletes it once committed. Files left by a
 * process that is no longer running (a crash) are claimed by an atomic rename — so two starting processes never both
 * take one — and written the same way; an id written twice is counted once, so replaying is always safe.
 *
 * Each file begins with a header line naming it (`["#", "<pid>-<tag>-<n>"]`), kept when a file is claimed: a chunk of
 * a file is always the same events (a sealed file never changes), so `<file>:<chunk>` names a batch the writer may
 * fold plain data-API calls into (one row per seed and month, decision 058), and a replay names it the same way.
 */
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { METERS, type TMeter } from '@suite/shared/plans';
import type { TMeteredEvent, TMeterEvent, TMeterRecorder, TMeterWriter } from './meter.ts';

type TLog = { error: (o: object, m: string) => void; warn: (o: object, m: string) => void };

export type TJournalOptions = {
  /** The folder (DATA_DIR/metering), made on the first event. */
  dir: string;
  now: () => Date;
  log: TLog;
  /** Events a transaction (default 2,000). */
  chunk?: number;
  /** Whether the process of a pid still runs (tests give their own). */
  alive?: (pid: number) => boolean;
  /** The write to the journal file (tests count the calls); default `fs.writeSync`. */
  writeSync?: (fd: number, text: string) => unknown;
};

const FILE = /^(journal|claimed)-(\d+)-(\w+)-\d+\.jsonl$/;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as { code?: string }).code === 'EPERM';
  }
}

/** A file's header line: its name at creation (`<pid>-<tag>-<n>`). */
function headerOf(line: string): string | undefined {
  const m = /^\["#","([\w-]{1,80})"\]$/.exec(line);
  return m?.[1];
}

/** One journal line back into an event; undefined for a line that is not one (a write torn by a kill). */
function parse(line: string): TMeteredEvent | undefined {
  try {
    const v = JSON.parse(line) as unknown;
    if (!Array.isArray(v) || v.length !== 5) return undefined;
    const [id, seedId, meter, quantity, at] = v as [unknown, unknown, unknown, unknown, unknown];
    if (typeof id !== 'string' || typeof seedId !== 'string' || typeof meter !== 'string' || !(meter in METERS)) return undefined;
    if (typeof quantity !== 'number' || typeof at !== 'number') return undefined;
    return { id, seedId, meter: meter as TMeter, quantity, at: new Date(at) };
  } catch {
    return undefined;
  }
}

export function createJournalMeter(opts: TJournalOptions): TMeterRecorder & { pending: () => number } {
  const { dir, now, log } = opts;
  const chunk = opts.chunk ?? 2_000;
  const alive = opts.alive ?? processAlive;
  const write = opts.writeSync ?? writeSync;
  const pid = process.pid;
  const tag = randomBytes(6).toString('hex');
  let seq = 0;
  let fd: number | undefined;
  let activePath = '';
  let lines = 0;
  /** Sealed files of this recorder (and claimed ones of dead processes), written and deleted by the next flush. */
  const sealed: string[] = [];
  /** Events whose journal write failed: kept here until a flush writes them. */
  let memory: TMeteredEvent[] = [];
  let failing = false;
  let writer: TMeterWriter | undefined;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  const nextPath = (kind: 'journal' | 'claimed') => join(dir, `${kind}-${pid}-${tag}-${++seq}.jsonl`);

  /**
   * What this process wrote into its active file, kept in memory too: its own sealed file is then written from here
   * at the flush instead of being read back and parsed (the file is for a crash; issue 34 measured the read-back at a
   * few percent of a busy instance's CPU). Files of other processes are read as before.
   */
  let activeName = '';
  let activeEvents: TMeteredEvent[] = [];
  const ownSealed = new Map<string, { name: string; events: TMeteredEvent[] }>();

  function open() {
    mkdirSync(dir, { recursive: true });
    activePath = nextPath('journal');
    fd = openSync(activePath, 'a');
    activeName = `${pid}-${tag}-${seq}`;
    activeEvents = [];
    write(fd, `${JSON.stringify(['#', activeName])}\n`);
  }

  const eventOf = (e: TMeterEvent): TMeteredEvent => ({
    id: e.id,
    seedId: e.seedId,
    meter: e.meter,
    quantity: Math.max(0, Math.round(e.quantity ?? 1)) || 0,
    at: e.at ?? now(),
  });
  const lineOf = (e: TMeteredEvent) => `${JSON.stringify([e.id, e.seedId, e.meter, e.quantity, e.at.getTime()])}\n`;

  /** `text` (whole lines) appended with one write; on failure the events are kept in memory for the next flush. */
  function append(text: string, events: TMeteredEvent[]) {
    try {
      if (closed) throw new Error('metering journal closed');
      if (fd === undefined) open();
      write(fd!, text);
      lines += events.length;
      for (const e of events) activeEvents.push(e);
      failing = false;
    } catch (err) {
      if (!failing) log.error({ err, dir }, 'metering: journal write failed; events kept in memory until the next flush');
      failing = true;
      memory.push(...events);
    }
  }

  function record(e: TMeterEvent): void {
    const event = eventOf(e);
    append(lineOf(event), [event]);
  }

  /** This turn's events for `recordSoon`, written together in the check phase (setImmediate) or before a seal. */
  let batch: TMeteredEvent[] = [];
  let batchText = '';
  let batchDone: (() => void) | undefined;
  let batchWritten: Promise<void> | undefined;
  /**
   * This turn's plain data-API calls (`callSoon`), one event a seed: `api:<CALLS_TAG>-<counter>`, the calls as its
   * quantity, at the time of the turn's first call of that seed (decision 104). Written with the batch.
   */
  const CALLS_TAG = randomUUID();
  let callSeq = 0;
  let calls = new Map<string, TMeteredEvent>();
  function writeBatch() {
    if (calls.size) {
      for (const e of calls.values()) {
        batch.push(e);
        batchText += lineOf(e);
      }
      calls = new Map();
    }
    if (!batch.length) return;
    const events = batch;
    const done = batchDone!;
    append(batchText, events);
    batch = [];
    batchText = '';
    batchDone = undefined;
    batchWritten = undefined;
    done();
  }
  /** The turn's batch promise (its write scheduled for the check phase on first use). */
  function soon(): Promise<void> {
    if (!batchWritten) {
      batchWritten = new Promise<void>((resolve) => {
        batchDone = resolve;
      });
      setImmediate(writeBatch);
    }
    return batchWritten;
  }
  function recordSoon(e: TMeterEvent): Promise<void> {
    const event = eventOf(e);
    batch.push(event);
    batchText += lineOf(event);
    return soon();
  }
  function callSoon(seedId: string): Promise<void> {
    const e = calls.get(seedId);
    if (e) e.quantity += 1;
    else calls.set(seedId, { id: `api:${CALLS_TAG}-${(++callSeq).toString(36)}`, seedId, meter: 'api.calls', quantity: 1, at: now() });
    return soon();
  }

  /** The active file becomes a sealed one (the next event opens a new file). */
  function seal() {
    writeBatch();
    if (fd === undefined) return;
    closeSync(fd);
    fd = undefined;
    if (lines > 0) {
      sealed.push(activePath);
      ownSealed.set(activePath, { name: activeName, events: activeEvents });
    } else unlinkSync(activePath);
    lines = 0;
    activeEvents = [];
  }

  /** Files of processes that no longer run, claimed by renaming them (whoever renames first has it). */
  function claimOrphans() {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const m = FILE.exec(name);
      // Our own files only by pid AND tag: a restarted container's process often gets its crashed predecessor's pid.
      if (!m || (Number(m[2]) === pid && m[3] === tag)) continue;
      if (Number(m[2]) !== pid && alive(Number(m[2]))) continue;
      const to = nextPath('claimed');
      try {
        renameSync(join(dir, name), to);
        sealed.push(to);
      } catch (err) {
        if ((err as { code?: string }).code !== 'ENOENT') log.warn({ err, name }, 'metering: journal of a stopped process not claimed');
      }
    }
  }

  /** In chunks; with a file's name, each chunk is the batch `<file>:<index>` (the same on a replay of that file). */
  async function writeAll(events: TMeteredEvent[], file?: string) {
    for (let i = 0; i < events.length; i += chunk) await writer!(events.slice(i, i + chunk), file ? `${file}:${i / chunk}` : undefined);
  }

  async function flushNow() {
    if (!writer) return;
    seal();
    claimOrphans();
    const held = memory;
    memory = [];
    try {
      await writeAll(held);
    } catch (err) {
      memory = held.concat(memory);
      throw err;
    }
    while (sealed.length) {
      const file = sealed[0]!;
      const own = ownSealed.get(file);
      const events: TMeteredEvent[] = own?.events ?? [];
      let name: string | undefined = own?.name;
      for (const line of own ? [] : readFileSync(file, 'utf8').split('\n')) {
        if (!line) continue;
        const header = events.length || name ? undefined : headerOf(line);
        if (header) {
          name = header;
          continue;
        }
        const e = parse(line);
        if (e) events.push(e);
        else log.warn({ file }, 'metering: a journal line that is not an event was skipped');
      }
      await writeAll(events, name);
      unlinkSync(file);
      sealed.shift();
      ownSealed.delete(file);
    }
  }

  /** One flush at a time; a failed one leaves everything for the next. */
  function flush(): Promise<void> {
    const run = running.then(flushNow);
    running = run.catch(() => undefined);
    return run;
  }

  return {
    record,
    recordSoon,
    callSoon,
    flush,
    attach: (write) => {
      writer = write;
    },
    close: async () => {
      try {
        await flush();
      } finally {
        closed = true;
        seal();
      }
    },
    pending: () => lines + batch.length + calls.size + memory.length + sealed.length,
  };
}
