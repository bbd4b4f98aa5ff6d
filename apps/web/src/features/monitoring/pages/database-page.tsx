import { ko } from '@suite/shared';
import { ErrorAlert } from '@/components/error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSession } from '@/lib/session';
import { useDatabase } from '../api/get-database';
import { MigrationsList, ModuleTables, SlowStatements } from '../components/database-tables';
import { formatBytes, formatDateTime } from '../lib/health-format';

const d = ko.monitoring.database;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 rounded-md border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium break-keep">{children}</dd>
    </div>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardHeader className="p-4 sm:p-6">
        <CardTitle className="text-lg">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  );
}

/** /admin/database, platform admins: what the database holds and how it is kept. Read only. */
export function DatabasePage() {
  const { user } = useSession();
  const query = useDatabase(user?.role === 'admin');
  if (user?.role !== 'admin')
    return (
      <p role="alert" className="text-sm text-destructive">
        {ko.consoleUi.forbidden}
      </p>
    );
  if (query.error) return <ErrorAlert message={`${d.loadFailed} ${query.error.message}`} error={query.error} />;
  if (!query.data) return <p className="text-sm text-muted-foreground">{ko.common.loading}</p>;
  const db = query.data;
  return (
    <div className="grid min-w-0 gap-6">
      <p className="text-sm text-muted-foreground break-keep">{d.description}</p>
      <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <Fact label={d.engine}>
          {d.engines[db.engine]} {db.version}
        </Fact>
        <Fact label={d.totalSize}>{formatBytes(db.sizeBytes)}</Fact>
        <Fact label={d.pool}>{db.pool ? ko.monitoring.health.poolValue(db.pool.total, db.pool.max, db.pool.idle, db.pool.waiting) : d.noPool}</Fact>
        <Fact label={d.backup}>{db.backup ? formatDateTime(db.backup.madeAt) : d.noBackup}</Fact>
      </dl>
      <Section title={d.tables} description={db.rowCounts === 'exact' ? d.rowsExact : d.rowsEstimate}>
        <ModuleTables modules={db.modules} />
      </Section>
      <div className="grid min-w-0 gap-6 xl:grid-cols-2">
        <Section title={`${d.migrations} · ${d.migrationsCount(db.migrations.length)}`}>
          <MigrationsList migrations={db.migrations} />
        </Section>
        <div className="grid min-w-0 content-start gap-6">
          <Section title={d.backup}>
            {db.backup ? (
              <dl className="grid gap-2 text-sm" data-testid="backup">
                <div className="grid gap-0.5">
                  <dt className="text-muted-foreground">{d.backupWhen}</dt>
                  <dd>{formatDateTime(db.backup.madeAt)}</dd>
                </div>
                <div className="grid gap-0.5">
                  <dt className="text-muted-foreground">{d.backupFile}</dt>
                  <dd className="break-all font-mono text-xs">{db.backup.file}</dd>
                </div>
                <div className="grid gap-0.5">
                  <dt className="text-muted-foreground">{d.backupSize}</dt>
                  <dd>{formatBytes(db.backup.sizeBytes)}</dd>
                </div>
              </dl>
            ) : (
              <p className="text-sm text-muted-foreground break-keep">{d.noBackup}</p>
            )}
          </Section>
          <Section title={d.restore}>
            <ol className="grid list-decimal gap-1.5 pl-5 text-sm break-keep">
              {d.restoreSteps.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ol>
          </Section>
        </div>
      </div>
      <Section title={d.slow}>
        <SlowStatements slow={db.slowStatements} />
      </Section>
    </div>
  );
}
