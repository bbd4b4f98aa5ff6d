import { ko } from '@suite/shared';
import { curlFor, schemaSummary, type TOpenApiDoc, type TOperation } from '../lib/openapi';
import { CopyCurlButton } from './copy-curl-button';

const t = ko.docs.reference;

/** Parameters, request body and responses of one operation (compact), and its curl command with a copy button. */
export function OperationDetails({ doc, op, origin }: { doc: TOpenApiDoc; op: TOperation; origin: string }) {
  const curl = curlFor(doc, op, origin, t.tokenPlaceholder);
  return (
    <div className="grid gap-3 border-t px-3 py-3 text-sm">
      <section aria-label={t.parameters}>
        <h3 className="mb-1 text-xs font-semibold text-muted-foreground">{t.parameters}</h3>
        {op.parameters.length === 0 ? (
          <p className="text-xs text-muted-foreground">{t.noParameters}</p>
        ) : (
          <ul className="grid gap-1">
            {op.parameters.map((p) => (
              <li key={`${p.in}:${p.name}`} className="flex flex-wrap items-baseline gap-x-2 font-mono text-xs">
                <span className="font-semibold">{p.name}</span>
                <span className="text-muted-foreground">{p.in}</span>
                <span className="break-all">{schemaSummary(doc, p.schema)}</span>
                {p.required ? <span className="font-sans text-destructive">{t.required}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      {op.body ? (
        <section aria-label={t.requestBody}>
          <h3 className="mb-1 text-xs font-semibold text-muted-foreground">
            {t.requestBody} <span className="font-mono font-normal">{op.body.type}</span>
          </h3>
          <p className="font-mono text-xs break-all">{schemaSummary(doc, op.body.schema)}</p>
        </section>
      ) : null}
      <section aria-label={t.responses}>
        <h3 className="mb-1 text-xs font-semibold text-muted-foreground">{t.responses}</h3>
        <ul className="grid gap-1">
          {op.responses.map((r) => (
            <li key={r.status} className="flex gap-2 font-mono text-xs">
              <span className="w-8 shrink-0 font-semibold">{r.status}</span>
              <span className="min-w-0 break-all">{r.schema ? schemaSummary(doc, r.schema) : '—'}</span>
            </li>
          ))}
        </ul>
      </section>
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-xs font-semibold text-muted-foreground">curl</h3>
          <CopyCurlButton command={curl} label={`${t.copyCurl}: ${op.method} ${op.path}`} />
        </div>
        <pre className="overflow-x-auto rounded-md border bg-muted p-3 font-mono text-xs leading-5" data-testid="curl">
          {curl}
        </pre>
      </div>
    </div>
  );
}
