/** Query keys of the admin builder: everything of a seed sits under adKeys.all (a console write invalidates it). */
export const adKeys = {
  all: (seedId: string) => ['admin-builder', seedId] as const,
  apps: (seedId: string) => ['admin-builder', seedId, 'apps'] as const,
  app: (seedId: string, appId: string) => ['admin-builder', seedId, 'app', appId] as const,
  connections: (seedId: string) => ['admin-builder', seedId, 'connections'] as const,
  connectionTables: (seedId: string, connectionId: string) => ['admin-builder', seedId, 'conn-tables', connectionId] as const,
  /** Every row query of an app (lists and single rows of all its tables): a row write refreshes them. */
  appRows: (seedId: string, appId: string) => ['admin-builder', seedId, 'rows', appId] as const,
  rows: (seedId: string, appId: string, table: string) => ['admin-builder', seedId, 'rows', appId, table] as const,
  rowList: (seedId: string, appId: string, table: string, params: string) => ['admin-builder', seedId, 'rows', appId, table, params] as const,
  row: (seedId: string, appId: string, table: string, key: string) => ['admin-builder', seedId, 'rows', appId, table, 'row', key] as const,
  audit: (seedId: string, appId: string, q: string, page: number) => ['admin-builder', seedId, 'audit', appId, q, page] as const,
};

export const adBase = (seedId: string) => `/api/seeds/${seedId}/admin-builder`;
export const adTableBase = (seedId: string, appId: string, table: string) => `${adBase(seedId)}/apps/${appId}/tables/${encodeURIComponent(table)}`;
/** The API builder's connections of the seed (the admin builder reads them for its create wizard). */
export const apiBuilderBase = (seedId: string) => `/api/seeds/${seedId}/api-builder`;
