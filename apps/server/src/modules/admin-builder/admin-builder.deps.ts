import type { TDb } from '../../db/client.ts';
import type { TApiBuilderDeps, TSchemaInfo } from '../api-builder/data-api.service.ts';

/** An API-builder connection as the admin builder reads it: its engine, row cap and introspected schema. */
export type TAdminConnection = { id: string; name: string; engine: 'postgres' | 'mysql'; rowCap: number; schema: TSchemaInfo };

/**
 * What the admin-page builder needs from outside, built once by its module plugin from what buildApp hands in:
 * the suite's database (apps, settings, audit and import records), the API builder's deps (the data API runs in
 * process over each app's internal API) and the API builder's connections and internal APIs (bound here, so the
 * module's files do not import the API builder's service, which imports this module's service). Seeds (membership,
 * role) come through the seeds service.
 */
export type TAdminBuilderDeps = {
  db: TDb;
  /** The app's clock (import and settings times, the stale-intent window). */
  now: () => Date;
  api: TApiBuilderDeps;
  connections: {
    /** The connection of `seedId` (404 API_CONNECTION_NOT_FOUND otherwise). */
    forAdmin: (seedId: string, connectionId: string) => Promise<TAdminConnection>;
    /** A new internal API publishing `tables` of the connection; its id. */
    createInternalApi: (seedId: string, connectionId: string, tables: string[]) => Promise<string>;
    deleteInternalApi: (apiId: string) => Promise<void>;
    /** Publishes a database function on the app's internal API (a row action calls it, decision 094). */
    publishFunction: (seedId: string, apiId: string, fn: string) => Promise<void>;
  };
};
export type TDeps = TAdminBuilderDeps;

/** Who acts: the signed-in user, the request's address (console audit), the name the change log shows, the e-mail (a row rule's `me`). */
export type TActor = { id: string; ip: string; name: string; email?: string | undefined };
