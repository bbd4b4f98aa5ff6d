import { Link } from 'react-router';
import { CheckCircle2, Circle } from 'lucide-react';
import { koHelpUi } from '@suite/shared/messages/ko-help-ui';
import type { THelpChecklist } from '@suite/shared/schemas/help';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useChecklist } from '../api/get-checklist';
import type { THrefOf } from '../lib/help-href';

const t = koHelpUi.checklist;
type TServiceList = THelpChecklist['services'][number];

function ServiceCard({ list, hrefOf }: { list: TServiceList; hrefOf: THrefOf }) {
  const done = list.items.filter((i) => i.done).length;
  return (
    <Card className="min-w-0" data-testid={`checklist-${list.service}`}>
      <CardHeader className="pb-3">
        <h3 className="text-base leading-tight font-semibold break-keep">{list.title}</h3>
        <CardDescription>{t.progress(done, list.items.length)}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {list.items.map((item) => (
            <li key={item.id} className="flex items-start gap-2" data-done={item.done ? 'true' : 'false'}>
              {item.done ? (
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-600 dark:text-green-400" aria-hidden="true" />
              ) : (
                <Circle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              )}
              <div className="grid min-w-0 gap-1">
                <span className={item.done ? 'text-sm text-muted-foreground line-through break-keep' : 'text-sm break-keep'}>
                  <span className="sr-only">{item.done ? t.done : t.todo}: </span>
                  {item.title}
                </span>
                <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
                  {item.done ? null : (
                    <Link to={item.href} className="text-primary underline-offset-2 hover:underline">
                      {t.go}
                      <span className="sr-only">: {item.title}</span>
                    </Link>
                  )}
                  {item.articleSlug ? (
                    <Link to={hrefOf(item.articleSlug)} className="text-muted-foreground underline-offset-2 hover:text-foreground hover:underline">
                      {t.read}
                      <span className="sr-only">: {item.title}</span>
                    </Link>
                  ) : null}
                </span>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The selected seed's getting-started checklist: a card per service, items ticked by the server from real state. */
export function ChecklistCards({ seedId, seedName, hrefOf }: { seedId: string; seedName: string; hrefOf: THrefOf }) {
  const query = useChecklist(seedId);
  return (
    <section aria-labelledby="help-checklist-heading" className="grid gap-3">
      <div>
        <h2 id="help-checklist-heading" className="text-lg font-semibold break-keep">
          {t.heading}
        </h2>
        <p className="text-sm text-muted-foreground break-keep">{t.description(seedName)}</p>
      </div>
      {query.isError ? (
        <Alert variant="destructive">
          <AlertDescription>{t.loadError}</AlertDescription>
        </Alert>
      ) : query.isPending ? (
        <p className="text-sm text-muted-foreground">{koHelpUi.loading}</p>
      ) : query.data.services.length ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {query.data.services.map((s) => (
            <ServiceCard key={s.service} list={s} hrefOf={hrefOf} />
          ))}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground break-keep">{t.empty}</p>
      )}
    </section>
  );
}
