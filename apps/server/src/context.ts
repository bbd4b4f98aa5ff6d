import type { TConfig } from './config.ts';
import type { TDatabase } from './db/client.ts';
import type { TSharedState } from './state/shared-state.ts';
import type { TDocumentPool } from './lib/document-pool.ts';
import type { TEventStreams } from './lib/event-stream.ts';
import type { TClock } from './lib/clock.ts';
import type { TMailer } from './adapters/mailer.ts';
import type { TMeterRecorder, TPlanGate } from './lib/metering/meter.ts';

/** What every module receives: configuration and the shared resources, opened once per process. */
export type TAppContext = {
  config: TConfig;
  database: TDatabase;
  state: TSharedState;
  /** The clock for time-based rules (sessions, jobs, quotas); tests inject one they can move. Default: the system clock. */
  now: TClock;
  /** The one mailer (SMTP, or the development outbox), closed with the app. */
  mailer: TMailer;
  /** Worker-thread pool for document parsing (PDF), with the DOCUMENT_* caps. */
  documents: TDocumentPool;
  /** Server-sent event streams (one per-user cap, closed when their session ends), lib/event-stream.ts. */
  streams: TEventStreams;
  /** Billable events (issue 31, lib/metering): recorded once by id, durably, per seed and meter. */
  meter: TMeterRecorder;
  /** Seeds over a free-plan volume this month (refreshed by the billing module; empty while billing is not set up). */
  planGate: TPlanGate;
};
