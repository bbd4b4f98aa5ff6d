import { ko, type TDomain } from '@suite/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const t = ko.domains.ui;

/** What the operator adds at their TLS terminator for the seed's web hosts (mail sender domains need no certificate). */
export function TlsCard({ domains }: { domains: TDomain[] }) {
  const hosts = domains.filter((d) => d.purpose !== 'mail').map((d) => d.host);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t.tlsTitle}</CardTitle>
        <CardDescription className="break-keep">{t.tlsDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <ol className="grid list-decimal gap-1 pl-5 break-keep">
          {t.tlsSteps.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
        {hosts.length ? (
          <div className="grid gap-1">
            <p className="font-medium">{t.tlsHosts}</p>
            <ul className="flex flex-wrap gap-2" aria-label={t.tlsHosts}>
              {hosts.map((h) => (
                <li key={h}>
                  <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all">{h}</code>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="text-muted-foreground break-keep">{t.tlsNone}</p>
        )}
      </CardContent>
    </Card>
  );
}
