import { CircleCheck, CircleAlert } from 'lucide-react';
import { ko, type TIntegrationStatus } from '@suite/shared';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useIntegrations } from '@/features/console/api/list-integrations';

const t = ko.integrations;

function IntegrationCard({ item }: { item: TIntegrationStatus }) {
  const label = t.items[item.id] ?? { name: item.id, description: '', whenMissing: '' };
  return (
    <Card data-testid={`integration-${item.id}`}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="text-lg">{label.name}</CardTitle>
          {item.configured ? (
            <Badge variant="success">
              <CircleCheck className="size-3.5" aria-hidden="true" /> {t.configured}
            </Badge>
          ) : (
            <Badge variant="amber">
              <CircleAlert className="size-3.5" aria-hidden="true" /> {t.notConfigured}
            </Badge>
          )}
        </div>
        <CardDescription className="break-keep">{label.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {!item.configured && label.whenMissing ? <p className="text-sm break-keep">{label.whenMissing}</p> : null}
        <ul className="grid gap-1.5 text-sm" aria-label={`${label.name} ${t.variable}`}>
          {item.variables.map((v) => (
            <li key={v.name} className="flex min-w-0 flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-md border px-3 py-2">
              <code className="min-w-0 break-all font-mono text-xs">{v.name}</code>
              <span className="flex items-center gap-2 text-xs">
                <span className="text-muted-foreground">{v.required ? t.required : t.optional}</span>
                <span className={v.set ? 'font-medium text-emerald-700 dark:text-emerald-400' : 'font-medium text-amber-800 dark:text-amber-300'}>
                  {v.set ? t.set : t.unset}
                </span>
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** /admin/settings/integrations (platform admins; the server answers 403 to anyone else): the setup guide. */
export function IntegrationsPage() {
  const q = useIntegrations();
  if (q.error)
    return (
      <p role="alert" className="text-sm text-destructive">
        {q.error.message || t.loadFailed}
      </p>
    );
  if (!q.data) return <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground break-keep">{t.intro}</p>
      <div className="grid gap-4 lg:grid-cols-2">
        {q.data.integrations.map((i) => (
          <IntegrationCard key={i.id} item={i} />
        ))}
      </div>
    </div>
  );
}
