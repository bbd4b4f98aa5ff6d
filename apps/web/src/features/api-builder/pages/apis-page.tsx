import { useState } from 'react';
import { ko } from '@suite/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useApis } from '../api/list-apis';
import { ApiActions } from '../components/api-actions';
import { PublishApi } from '../components/publish-api';
import { CopyBlock, curlSnippet, jsSnippet, openapiSnippet } from '../components/snippets';
import { LiveChanges } from '../components/live-changes';
import { isManager, ManagersOnly, NoSeed, useSelectedSeed } from '../components/use-seed';

const t = ko.apiBuilder.ui;
const p = t.publish;

/** /admin/services/api-builder/apis: publish tables of any connection; published APIs with their tables, snippets, editor. */
export function ApiBuilderApisPage() {
  const { seed } = useSelectedSeed();
  if (!seed) return <NoSeed />;
  if (!isManager(seed.role)) return <ManagersOnly />;
  return <Apis seedId={seed.id} />;
}

function Apis({ seedId }: { seedId: string }) {
  const apis = useApis(seedId);
  const [opened, setOpened] = useState<boolean | null>(null);
  // With nothing published yet (e.g. a reload in the middle of the first run) the publishing flow is open at once.
  const open = opened ?? apis.data?.length === 0;
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
          <div className="grid gap-1">
            <CardTitle className="text-lg">{p.title}</CardTitle>
            <CardDescription className="break-keep">{p.description}</CardDescription>
          </div>
          <Button size="sm" variant={open ? 'outline' : 'default'} onClick={() => setOpened(!open)} aria-expanded={open}>
            {open ? p.close : p.open}
          </Button>
        </CardHeader>
        {open ? (
          <CardContent>
            <PublishApi seedId={seedId} onPublished={() => setOpened(false)} />
          </CardContent>
        ) : null}
      </Card>
      {apis.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {apis.error.message}
        </p>
      ) : null}
      {apis.data?.length === 0 ? <p className="text-sm text-muted-foreground break-keep">{p.noApisYet}</p> : null}
      {apis.data?.map((a) => (
        <Card key={a.id}>
          <CardHeader className="grid gap-1">
            <CardTitle className="flex flex-wrap items-center gap-2 text-lg">
              {a.connectionName} <Badge variant="secondary">{t.cacheMode[a.cacheMode]}</Badge>
            </CardTitle>
            <code className="break-all text-xs">{a.baseUrl}</code>
            {/* The document needs one of the API's keys and describes what that key may use, so it is fetched with it. */}
            <CopyBlock label={t.openapi} text={openapiSnippet(a.baseUrl)} />
          </CardHeader>
          <CardContent className="grid gap-4">
            <ApiActions seedId={seedId} api={a} />
            {a.tables.map((tb) => (
              <section key={tb.name} className="grid gap-2 rounded-md border p-3" aria-label={tb.name}>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-mono font-medium">{tb.name}</span>
                  {tb.methods.map((m) => (
                    <Badge key={m} variant="outline">
                      {t.methodLabels[m]}
                    </Badge>
                  ))}
                </div>
                <code className="break-all text-xs text-muted-foreground">{`${a.baseUrl}/${tb.name}`}</code>
                <CopyBlock label={t.curl} text={curlSnippet(a.baseUrl, tb.name)} />
                <CopyBlock label={t.js} text={jsSnippet(a.baseUrl, tb.name)} />
              </section>
            ))}
            <LiveChanges api={a} />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
