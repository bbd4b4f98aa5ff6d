import type { TTrafficWindow } from '@suite/shared/schemas/traffic';

/** Query keys of the traffic, spend and seed parts of the monitoring page. */
export const trafficKeys = {
  traffic: (window: TTrafficWindow) => ['monitoring', 'traffic', window] as const,
  spend: (window: TTrafficWindow) => ['monitoring', 'spend', window] as const,
  seed: (seedId: string, window: TTrafficWindow) => ['monitoring', 'seed', seedId, window] as const,
};
