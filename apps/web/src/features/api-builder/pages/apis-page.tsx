import { ko } from '@suite/shared';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useApis } from '../api/list-apis';
import { CopyBlock, curlSnippet, jsSnippet } from '../components/snippets';
import { isManager, ManagersOnly, NoSeed, useSelectedSeed } from '../components/use-seed';

const t = ko.apiBuilder.ui;

/** /admin/services/api-builder/apis: published tables with methods, URL, copyable snippets, OpenAPI link. */
export function ApiBuilderApisPage() {
  const { seed } = useSelectedSeed();
  const apis = useApis(seed?.id ?? '');
  if (!seed) return <NoSeed />;
  if (!isManager(seed.role)) return <ManagersOnly />;
  return (
    <div className="grid gap-4">
      {apis.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {apis.error.message}
        </p>
      ) : null}
      {apis.data?.length === 0 ? <p className="text-sm text-muted-foreground">{t.noApis}</p> : null}
      {apis.data?.map((a) => (
        <Card key={a.id}>
          <CardHeader className="grid gap-1">
            <CardTitle className="flex flex-wrap items-center gap-2 text-lg">
              {a.connectionName} <Badge variant="secondary">{t.cacheMode[a.cacheMode]}</Badge>
            </CardTitle>
            <code className="break-all text-xs">{a.baseUrl}</code>
            <a className="text-sm underline" href={`${new URL(a.baseUrl).pathname}/openapi.json`} target="_blank" rel="noreferrer">
              {t.openapi}
            </a>
          </CardHeader>
          <CardContent className="grid gap-4">
            {a.tables.map((tb) => (
              <section key={tb.name} className="grid gap-2 rounded-md border p-3" aria-label={tb.name}>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-mono font-medium">{tb.name}</span>
                  {tb.methods.map((m) => (
                    <Badge key={m} variant="outline">
                      {m}
                    </Badge>
                  ))}
                </div>
                <code className="break-all text-xs text-muted-foreground">{`${a.baseUrl}/${tb.name}`}</code>
                <CopyBlock label={t.curl} text={curlSnippet(a.baseUrl, tb.name)} />
                <CopyBlock label={t.js} text={jsSnippet(a.baseUrl, tb.name)} />
              </section>
            ))}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
