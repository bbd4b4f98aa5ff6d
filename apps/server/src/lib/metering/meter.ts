/**
 * Invoice-grade metering (issue 31, decision 058): every billable event is recorded once, by a unique id, for a seed
 * and a meter. `record` appends the event to this process's journal (journal.ts) before the answer leaves; the billing
 * module's flush writes the journal into billing_events and billing_usage, where a repeated id adds nothing.
 */
import { createHash } from 'node:crypto';
import type { TMeter } from '@suite/shared/plans';

export type TMeterEvent = {
  /** Unique per billable event (e.g. `api:<uuid>`, `chatbot:<messageId>`): the same id twice is counted once. */
  id: string;
  seedId: string;
  meter: TMeter;
  /** Default 1 (count meters); tokens for `llm.tokens`, bytes for `knowledge.bytes`, apps for `admin-builder.apps`. */
  quantity?: number;
  at?: Date;
};

/** An event as the writer receives it: quantity and time filled in. */
export type TMeteredEvent = { id: string; seedId: string; meter: TMeter; quantity: number; at: Date };

/**
 * Writes events into the database in one transaction, each id at most once (billing/metering.repository.ts); resolves
 * once committed. `batch` names a chunk of a journal file (`<file>:<index>`, the same chunk on every replay): the
 * writer may store that chunk's plain data-API calls as one counted row per seed and month under that name. Handed to
 * the recorder by the billing module (lib/ imports no module).
 */
export type TMeterWriter = (events: TMeteredEvent[], batch?: string) => Promise<void>;

/**
 * A data-API call without an Idempotency-Key (`api:<fresh uuid>`, or `api:<journal uuid>-<counter in base 36>`: a turn's
 * plain calls of a seed, counted, decision 104): nothing can repeat its id, so it may be folded into its batch's count.
 * A retried call's id (`api:<seed>:<sha-256 hex>`) never matches.
 */
export function isPlainCall(e: Pick<TMeteredEvent, 'id' | 'meter'>): boolean {
  return e.meter === 'api.calls' && /^api:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-[0-9a-z]{1,13})?$/.test(e.id);
}

export type TMeterRecorder = {
  /** Never throws and never waits on the database. */
  record: (event: TMeterEvent) => void;
  /**
   * The same, for a hot path (the data API): the event joins the others of this event-loop turn and they are
   * journaled together with one write; the promise resolves once they are (never rejects), and the caller sends its
   * answer after that — so the guarantee of `record` holds at one system call a turn instead of one an event.
   */
  recordSoon: (event: TMeterEvent) => Promise<void>;
  /**
   * A plain data-API call (no Idempotency-Key: nothing can repeat it) on the hot path, as `recordSoon` journals it but
   * counted: this turn's plain calls of a seed are one event, `api:<uuid>-<counter>` (a plain call's id, `isPlainCall`)
   * with their number as its quantity, in the turn's one write — billing counts it as that many calls and folds it as
   * it folds single calls (decision 104). The promise is the turn's batch's.
   */
  callSoon: (seedId: string) => Promise<void>;
  /** Writes what was recorded into billing_events / billing_usage now (tests call it; a schedule calls it every 5 s). */
  flush: () => Promise<void>;
  /** Sets the writer `flush` uses (the billing module, once). */
  attach: (write: TMeterWriter) => void;
  /** The last flush, then the journal closed (the app's close). */
  close: () => Promise<void>;
};

export function createNoopMeter(): TMeterRecorder {
  return {
    record: () => {},
    recordSoon: () => Promise.resolve(),
    callSoon: () => Promise.resolve(),
    flush: async () => {},
    attach: () => {},
    close: async () => {},
  };
}

const KST_OFFSET_MS = 9 * 3_600_000;

/** The last period computed and the instants it spans: a flush's events nearly all fall in one month. */
let lastPeriod = { from: 0, to: -1, period: '' };

/** The billing period of an instant: its Asia/Seoul month, 'YYYY-MM'. */
export function periodOf(at: Date): string {
  const t = at.getTime();
  if (t >= lastPeriod.from && t < lastPeriod.to) return lastPeriod.period;
  const kst = new Date(t + KST_OFFSET_MS);
  const period = kst.toISOString().slice(0, 7);
  const from = Date.UTC(kst.getUTCFullYear(), kst.getUTCMonth(), 1) - KST_OFFSET_MS;
  const to = Date.UTC(kst.getUTCFullYear(), kst.getUTCMonth() + 1, 1) - KST_OFFSET_MS;
  if (Number.isFinite(from) && Number.isFinite(to)) lastPeriod = { from, to, period };
  return period;
}

/**
 * The event id of a data-API write sent with an `Idempotency-Key`: the same key on the same method and URL (path and
 * query) of the same seed is one event however often it is retried; the key on another URL is another event.
 */
export function retriedCallId(seedId: string, method: string, url: string, idempotencyKey: string): string {
  const hash = createHash('sha256').update(method.toUpperCase()).update('\n').update(url).update('\n').update(idempotencyKey).digest('hex');
  return `api:${seedId}:${hash}`;
}

/**
 * Which seeds have used up a free-plan volume this month (issue 31): the billing module refreshes it after each
 * metering flush (only while billing is set up); the services that a meter counts refuse a blocked seed's calls.
 * A lookup is one Set access, so the data API's hot path pays nothing measurable.
 */
export type TPlanGate = {
  blocked: (seedId: string, meter: TMeter) => boolean;
  /** Replaces the blocked seeds of a meter. */
  set: (meter: TMeter, seedIds: Iterable<string>) => void;
};

export function createPlanGate(): TPlanGate {
  const blocked = new Map<TMeter, Set<string>>();
  return {
    blocked: (seedId, meter) => blocked.get(meter)?.has(seedId.toLowerCase()) ?? false,
    set: (meter, seedIds) => {
      blocked.set(meter, new Set([...seedIds].map((id) => id.toLowerCase())));
    },
  };
}
