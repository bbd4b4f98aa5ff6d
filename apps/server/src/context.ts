import type { TConfig } from './config.ts';
import type { TDatabase } from './db/client.ts';
import type { TSharedState } from './state/shared-state.ts';

/** What every module receives: configuration and the shared resources, opened once per process. */
export type TAppContext = {
  config: TConfig;
  database: TDatabase;
  state: TSharedState;
};
