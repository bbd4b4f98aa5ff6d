import { toast } from '@/lib/toast';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';

const t = ko.apiBuilder.ui;

export function CopyBlock({ label, text }: { label: string; text: string }) {
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    toast.success(t.copied);
  };
  return (
    <div className="grid gap-1">
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs font-medium text-muted-foreground">{label}</span>
        <Button type="button" size="sm" variant="outline" onClick={() => void copy()}>
          {t.copy}
        </Button>
      </div>
      <pre className="max-w-full overflow-x-auto rounded-md bg-muted p-2 text-xs">
        <code>{text}</code>
      </pre>
    </div>
  );
}

/** A first request with curl; `key` (the one just issued) or a placeholder. */
export const curlSnippet = (baseUrl: string, table: string, key: string = t.keyPlaceholder) =>
  `curl '${baseUrl}/${table}?select=*&limit=10' \\\n  -H 'apikey: ${key}'`;

/** The API's OpenAPI document, as the given key sees it (it needs a key, like every request). */
export const openapiSnippet = (baseUrl: string, key: string = t.keyPlaceholder) => `curl '${baseUrl}/openapi.json' \\\n  -H 'apikey: ${key}'`;

/** The same request with postgrest-js. */
export const jsSnippet = (baseUrl: string, table: string, key: string = t.keyPlaceholder) =>
  `import { PostgrestClient } from '@supabase/postgrest-js';\n\nconst db = new PostgrestClient('${baseUrl}', { headers: { apikey: '${key}' } });\nconst { data, error } = await db.from('${table}').select('*').limit(10);`;
