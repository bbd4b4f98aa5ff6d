export const abKeys = {
  all: (seedId: string) => ['api-builder', seedId] as const,
  summary: (seedId: string) => ['api-builder', seedId, 'summary'] as const,
  connections: (seedId: string) => ['api-builder', seedId, 'connections'] as const,
  tables: (seedId: string, connectionId: string) => ['api-builder', seedId, 'tables', connectionId] as const,
  usage: (seedId: string, connectionId: string) => ['api-builder', seedId, 'usage', connectionId] as const,
  apis: (seedId: string) => ['api-builder', seedId, 'apis'] as const,
  keys: (seedId: string) => ['api-builder', seedId, 'keys'] as const,
};
/** Live figures (calls today, cache hit ratio) are read again this often and when the window regains focus. */
export const LIVE_REFRESH_MS = 15_000;

export const abBase = (seedId: string) => `/api/seeds/${seedId}/api-builder`;
