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

export const curlSnippet = (baseUrl: string, table: string) => `curl '${baseUrl}/${table}?select=*&limit=10' \\\n  -H 'apikey: ${t.keyPlaceholder}'`;

export const jsSnippet = (baseUrl: string, table: string) =>
  `import { PostgrestClient } from '@supabase/postgrest-js';\n\nconst db = new PostgrestClient('${baseUrl}', { headers: { apikey: '${t.keyPlaceholder}' } });\nconst { data, error } = await db.from('${table}').select('*').limit(10);`;
