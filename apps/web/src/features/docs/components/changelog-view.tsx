import { ko } from '@suite/shared';
import { useChangelog } from '../api/get-changelog';
import { DocHtml } from './doc-html';

const t = ko.docs.changelog;

/** The repository's releases (CHANGELOG.md), newest first. */
export function ChangelogView() {
  const releases = useChangelog();
  if (releases.isPending) return <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;
  if (releases.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {releases.error.message || t.loadFailed}
      </p>
    );
  if (releases.data.length === 0) return <p className="text-sm text-muted-foreground">{t.empty}</p>;
  return (
    <ol className="grid gap-6">
      {releases.data.map((r) => (
        <li key={r.version} className="rounded-lg border p-4">
          <h2 className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="font-mono text-base font-semibold">v{r.version}</span>
            <span className="font-semibold break-keep">{r.title}</span>
            <span className="text-xs text-muted-foreground">
              <time dateTime={r.date}>{t.released(r.date)}</time>
            </span>
          </h2>
          <DocHtml html={r.html} className="mt-2" />
        </li>
      ))}
    </ol>
  );
}
