import { ko } from '@suite/shared';
import { koApiBuilderLive } from '@suite/shared/messages/ko-api-builder-live';
import type { TApiDefinition } from '@suite/shared/schemas/api-builder';
import { CopyBlock } from './snippets';

const t = ko.apiBuilder.ui;
const l = koApiBuilderLive.ui;

/** The change stream of a table (decision 091): `{baseUrl}/{table}/changes`. */
export const changesUrl = (baseUrl: string, table: string) => `${baseUrl}/${table}/changes`;

/** curl keeps the stream open (-N: no buffering) and prints each event as it comes. */
export const changesCurlSnippet = (baseUrl: string, table: string, key: string = t.keyPlaceholder) =>
  `curl -N '${changesUrl(baseUrl, table)}' \\\n  -H 'apikey: ${key}'`;

/** A short section on an API's card: what live changes send on this engine, the stream URL and a curl example. */
export function LiveChanges({ api }: { api: TApiDefinition }) {
  const table = api.tables.find((x) => x.methods.includes('GET'))?.name;
  if (!table) return null;
  return (
    <section className="grid gap-2 rounded-md border p-3" aria-label={l.title}>
      <h3 className="text-sm font-medium">{l.title}</h3>
      <p className="text-xs text-muted-foreground break-keep">{l.intro}</p>
      <p className="text-xs text-muted-foreground break-keep">{api.engine === 'mysql' ? l.mysql : l.postgres}</p>
      <CopyBlock label={l.urlLabel} text={changesUrl(api.baseUrl, table)} />
      <CopyBlock label={l.curlLabel} text={changesCurlSnippet(api.baseUrl, table)} />
      <p className="text-xs text-muted-foreground break-keep">{l.reconnect}</p>
    </section>
  );
}
