import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ko } from '@suite/shared';
import type { TApiConnection } from '@suite/shared/schemas/api-builder';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { callDataApi, type TTryResult } from '../api/call-data-api';
import { useCreateKey } from '../api/create-key';
import { ConnectionForm } from './connection-form';
import { PublishApi } from './publish-api';
import { CopyBlock, curlSnippet, jsSnippet } from './snippets';
import { METHODS } from './table-picker';

const t = ko.apiBuilder.ui;
const f = t.firstRun;

/** Same-origin URL of a published base URL (the console calls its own server). */
export const localUrl = (baseUrl: string) => `${window.location.origin}${new URL(baseUrl).pathname}`;

/** The guided first run: connect → pick tables → key → first call. */
export function FirstRun({ seedId }: { seedId: string }) {
  const [step, setStep] = useState(0);
  const [conn, setConn] = useState<TApiConnection | null>(null);
  const [published, setPublished] = useState<{ id: string; baseUrl: string; table: string } | null>(null);
  const [key, setKey] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{f.title}</CardTitle>
        <CardDescription className="break-keep">{f.description}</CardDescription>
        <ol className="mt-2 flex flex-wrap gap-2 text-xs" aria-label={f.title}>
          {f.steps.map((s, i) => (
            <li
              key={s}
              aria-current={i === step ? 'step' : undefined}
              className={`rounded-full border px-2.5 py-1 ${i === step ? 'border-primary bg-primary text-primary-foreground' : i < step ? 'bg-muted' : 'text-muted-foreground'}`}
            >
              {i + 1}. {s}
            </li>
          ))}
        </ol>
      </CardHeader>
      <CardContent>
        {step === 0 ? (
          <ConnectionForm
            seedId={seedId}
            onCreated={(c) => {
              setConn(c);
              setStep(1);
            }}
          />
        ) : null}
        {step === 1 && conn ? (
          <PublishApi
            seedId={seedId}
            connectionId={conn.id}
            fixedConnection
            onPublished={(p) => {
              setPublished(p);
              setStep(2);
            }}
          />
        ) : null}
        {step === 2 && published ? (
          <MakeKey
            seedId={seedId}
            apiId={published.id}
            onKey={(k) => {
              setKey(k);
              setStep(3);
            }}
          />
        ) : null}
        {step === 3 && published && key ? <FirstCall baseUrl={published.baseUrl} table={published.table} apiKey={key} /> : null}
      </CardContent>
    </Card>
  );
}

function MakeKey({ seedId, apiId, onKey }: { seedId: string; apiId: string; onKey: (k: string) => void }) {
  const create = useCreateKey(seedId);
  const [name, setName] = useState<string>(f.keyDefault);
  // The safe default, as in the settings' key form: reads only, unless the user opts into writes.
  const [readOnly, setReadOnly] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    try {
      const r = await create.mutateAsync({ name, apiId, methods: readOnly ? ['GET'] : [...METHODS] });
      toast.success(ko.apiBuilder.server.keyCreated);
      onKey(r.key);
    } catch (e) {
      setError(e instanceof Error ? e.message : ko.errors.internal);
    }
  };
  return (
    <div className="grid max-w-md gap-2">
      <Label htmlFor="ab-key-name">{f.keyName}</Label>
      <Input id="ab-key-name" value={name} onChange={(e) => setName(e.target.value)} />
      <span className="flex items-center gap-2 text-sm">
        <Checkbox id="ab-key-readonly" checked={readOnly} onCheckedChange={(c) => setReadOnly(c === true)} />
        <Label htmlFor="ab-key-readonly" className="break-keep">
          {t.getOnly}
        </Label>
      </span>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div>
        <Button onClick={() => void submit()} disabled={create.isPending}>
          {f.makeKey}
        </Button>
      </div>
    </div>
  );
}

function FirstCall({ baseUrl, table, apiKey }: { baseUrl: string; table: string; apiKey: string }) {
  const [result, setResult] = useState<TTryResult | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      setResult(await callDataApi(`${localUrl(baseUrl)}/${table}?limit=5`, apiKey, { method: 'GET' }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-3">
      <p className="text-sm font-medium break-keep">{f.keyOnce}</p>
      <CopyBlock label={t.keys} text={apiKey} />
      <CopyBlock label={t.baseUrl} text={baseUrl} />
      <p className="text-xs text-muted-foreground break-keep">{f.snippets}</p>
      <CopyBlock label={t.curl} text={curlSnippet(baseUrl, table, apiKey)} />
      <CopyBlock label={t.js} text={jsSnippet(baseUrl, table, apiKey)} />
      <div>
        <Button onClick={() => void run()} disabled={busy}>
          {f.firstCall}
        </Button>
      </div>
      {result ? (
        <div className="grid gap-1" data-testid="first-call-result">
          <p className="text-sm">
            {t.test.status}: <strong data-testid="first-call-status">{result.status}</strong> · {t.test.time}: {result.ms}ms{' '}
            {result.status === 200 ? `· ${f.done}` : ''}
          </p>
          <pre className="max-h-64 overflow-auto rounded-md bg-muted p-2 text-xs">{prettyJson(result.body)}</pre>
        </div>
      ) : null}
    </div>
  );
}

export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
