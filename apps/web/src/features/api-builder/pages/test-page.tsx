import { useState } from 'react';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { callDataApi, type TTryResult } from '../api/call-data-api';
import { useApis } from '../api/list-apis';
import { useTables } from '../api/list-tables';
import { localUrl, prettyJson } from '../components/first-run';
import { isManager, ManagersOnly, NoSeed, useSelectedSeed } from '../components/use-seed';

const t = ko.apiBuilder.ui.test;
const OPS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'in', 'is'];
type TFilterRow = { column: string; op: string; value: string; not: boolean };

/** /admin/services/api-builder/test: pick an API and a table, build filters, run, see status, headers, time, body. */
export function ApiBuilderTestPage() {
  const { seed } = useSelectedSeed();
  const apis = useApis(seed?.id ?? '');
  const [apiId, setApiId] = useState('');
  const [table, setTable] = useState('');
  const [method, setMethod] = useState('GET');
  const [key, setKey] = useState('');
  const [select, setSelect] = useState('*');
  const [order, setOrder] = useState('');
  const [limit, setLimit] = useState('10');
  const [body, setBody] = useState('');
  const [filters, setFilters] = useState<TFilterRow[]>([]);
  const [result, setResult] = useState<TTryResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const api = apis.data?.find((a) => a.id === apiId) ?? apis.data?.[0];
  // The table's columns (from the last introspection) are offered in the filter's column field.
  const introspected = useTables(seed?.id ?? '', api?.connectionId);
  if (!seed) return <NoSeed />;
  if (!isManager(seed.role)) return <ManagersOnly />;
  const tb = api?.tables.find((x) => x.name === table) ?? api?.tables[0];
  const columns = introspected.data?.data.find((x) => x.name === tb?.name)?.columns.map((c) => c.name) ?? [];
  const query = new URLSearchParams();
  if (method === 'GET' && select.trim()) query.set('select', select.trim());
  for (const f of filters) if (f.column) query.append(f.column, `${f.not ? 'not.' : ''}${f.op}.${f.value}`);
  if (method === 'GET' && order.trim()) query.set('order', order.trim());
  if (method === 'GET' && limit.trim()) query.set('limit', limit.trim());
  const url = api && tb ? `${localUrl(api.baseUrl)}/${tb.name}${query.size ? `?${query}` : ''}` : '';
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      setResult(
        await callDataApi(url, key.trim(), {
          method,
          ...(method === 'POST' || method === 'PATCH'
            ? { body, prefer: 'return=representation' }
            : method === 'DELETE'
              ? { prefer: 'return=representation' }
              : {}),
        }),
      );
    } catch (e) {
      setError(e instanceof Error ? e.message : ko.errors.internal);
    } finally {
      setBusy(false);
    }
  };
  const setFilter = (i: number, patch: Partial<TFilterRow>) => setFilters((fs) => fs.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{ko.consoleUi.nav.apiBuilderTest}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          {apis.data?.length === 0 ? <p className="text-sm text-muted-foreground">{ko.apiBuilder.ui.noApis}</p> : null}
          <div className="grid gap-3 sm:grid-cols-3">
            <div className="grid gap-1">
              <Label htmlFor="try-api">{t.api}</Label>
              <NativeSelect id="try-api" value={api?.id ?? ''} onChange={(e) => setApiId(e.target.value)}>
                {apis.data?.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.connectionName}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="try-table">{t.table}</Label>
              <NativeSelect id="try-table" value={tb?.name ?? ''} onChange={(e) => setTable(e.target.value)}>
                {api?.tables.map((x) => (
                  <option key={x.name} value={x.name}>
                    {x.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="try-method">{t.method}</Label>
              <NativeSelect id="try-method" value={method} onChange={(e) => setMethod(e.target.value)}>
                {(tb?.methods ?? ['GET']).map((m) => (
                  <option key={m} value={m}>
                    {ko.apiBuilder.ui.methodLabels[m]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="try-key">{t.key}</Label>
            <Input id="try-key" type="password" autoComplete="off" placeholder={t.keyHint} value={key} onChange={(e) => setKey(e.target.value)} />
          </div>
          {method === 'GET' ? (
            <div className="grid gap-3 sm:grid-cols-3">
              <div className="grid gap-1">
                <Label htmlFor="try-select">{t.select}</Label>
                <Input id="try-select" placeholder={t.selectHint} title={t.selectHint} value={select} onChange={(e) => setSelect(e.target.value)} />
              </div>
              <div className="grid gap-1">
                <Label htmlFor="try-order">{t.order}</Label>
                <Input id="try-order" placeholder={t.orderHint} title={t.orderHint} value={order} onChange={(e) => setOrder(e.target.value)} />
              </div>
              <div className="grid gap-1">
                <Label htmlFor="try-limit">{t.limit}</Label>
                <Input id="try-limit" inputMode="numeric" value={limit} onChange={(e) => setLimit(e.target.value)} />
              </div>
            </div>
          ) : null}
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">{t.filters}</legend>
            <datalist id="try-columns">
              {columns.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
            {filters.map((f, i) => (
              <div key={i} className="flex flex-wrap items-center gap-2">
                <Input
                  aria-label={t.column}
                  placeholder={t.column}
                  list="try-columns"
                  className="w-28"
                  value={f.column}
                  onChange={(e) => setFilter(i, { column: e.target.value })}
                />
                <label className="flex items-center gap-1 text-xs">
                  <input type="checkbox" checked={f.not} onChange={(e) => setFilter(i, { not: e.target.checked })} /> {t.not}
                </label>
                <NativeSelect aria-label={t.operator} value={f.op} onChange={(e) => setFilter(i, { op: e.target.value })}>
                  {OPS.map((o) => (
                    <option key={o} value={o}>
                      {t.operators[o]}
                    </option>
                  ))}
                </NativeSelect>
                <Input aria-label={t.value} className="w-32" value={f.value} onChange={(e) => setFilter(i, { value: e.target.value })} />
                <Button type="button" size="sm" variant="outline" onClick={() => setFilters((fs) => fs.filter((_, j) => j !== i))}>
                  {t.remove}
                </Button>
              </div>
            ))}
            <div>
              <Button type="button" size="sm" variant="outline" onClick={() => setFilters((fs) => [...fs, { column: '', op: 'eq', value: '', not: false }])}>
                {t.addFilter}
              </Button>
            </div>
          </fieldset>
          {method === 'POST' || method === 'PATCH' ? (
            <div className="grid gap-1">
              <Label htmlFor="try-body">{t.body}</Label>
              <Textarea id="try-body" rows={4} className="font-mono text-xs" value={body} onChange={(e) => setBody(e.target.value)} />
            </div>
          ) : null}
          <code className="break-all text-xs text-muted-foreground" aria-label={t.url}>
            {url}
          </code>
          <div>
            <Button onClick={() => void run()} disabled={!url || !key.trim() || busy}>
              {busy ? t.running : t.run}
            </Button>
          </div>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t.response}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-2 text-sm">
          {result ? (
            <>
              <p>
                {t.status}: <strong data-testid="try-status">{result.status}</strong> · {t.time}: {result.ms}ms · {t.cache}:{' '}
                <strong data-testid="try-cache">{result.headers.find(([h]) => h === 'x-cache')?.[1] ?? '-'}</strong>
              </p>
              <details>
                <summary className="cursor-pointer">{t.headers}</summary>
                <pre className="overflow-x-auto rounded-md bg-muted p-2 text-xs">{result.headers.map(([h, v]) => `${h}: ${v}`).join('\n')}</pre>
              </details>
              <pre className="max-h-[60vh] overflow-auto rounded-md bg-muted p-2 text-xs" data-testid="try-body">
                {prettyJson(result.body)}
              </pre>
            </>
          ) : (
            <p className="text-muted-foreground">-</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
