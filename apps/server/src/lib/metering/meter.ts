/**
 * Invoice-grade metering (issue 31): every billable event is recorded once, by a unique id, for a seed and a meter.
 * SKELETON — the metering helper replaces this with the durable journal (see docs/decisions for the design).
 */
import type { TMeter } from '@suite/shared/plans';

export type TMeterEvent = {
  /** Unique per billable event (e.g. `api:<requestId>`, `chatbot:<messageId>`): the same id twice is counted once. */
  id: string;
  seedId: string;
  meter: TMeter;
  /** Default 1 (count meters); tokens for `llm.tokens`, bytes for `knowledge.bytes`, apps for `admin-builder.apps`. */
  quantity?: number;
  at?: Date;
};

export type TMeterRecorder = {
  /** Never throws and never waits on the database. */
  record: (event: TMeterEvent) => void;
  /** Writes what was recorded into billing_events / billing_usage now (tests call it; a schedule calls it every 5 s). */
  flush: () => Promise<void>;
};

export function createNoopMeter(): TMeterRecorder {
  return { record: () => {}, flush: async () => {} };
}
