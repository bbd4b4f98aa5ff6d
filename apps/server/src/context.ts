import type { TConfig } from './config.ts';
import type { TDatabase } from './db/client.ts';
import type { TSharedState } from './state/shared-state.ts';
import type { TDocumentPool } from './lib/document-pool.ts';
import type { TEventStreams } from './lib/event-stream.ts';

/** What every module receives: configuration and the shared resources, opened once per process. */
export type TAppContext = {
  config: TConfig;
  database: TDatabase;
  state: TSharedState;
  /** The clock for time-based rules (session lifetimes); tests inject one they can move. Default: the system clock. */
  now?: () => Date;
  /** Worker-thread pool for document parsing (PDF), with the DOCUMENT_* caps. */
  documents: TDocumentPool;
  /** Server-sent event streams (one per-user cap, closed when their session ends), lib/event-stream.ts. */
  streams: TEventStreams;
};
