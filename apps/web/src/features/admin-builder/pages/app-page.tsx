import { Link, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useApp } from '../api/get-app';
import { ko } from '@suite/shared';
import { auditPath, Note, rightName, rolesPath, t, tableLabel, tablePath, useSelectedSeed } from '../components/common';

/** /admin/services/admin-builder/apps/:appId: the app's generated pages. */
export function AdminBuilderAppPage() {
  const { appId = '' } = useParams();
  const { seed } = useSelectedSeed();
  const app = useApp(seed?.id ?? '', appId);
  if (!seed) return <Note>{t.noSeed}</Note>;
  if (app.isError) return <Note alert>{app.error.message}</Note>;
  if (!app.data) return <Note>{t.loading}</Note>;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center gap-2">
        <CardTitle className="text-lg">{app.data.name}</CardTitle>
        <Badge variant="secondary">{app.data.connectionName}</Badge>
        {app.data.canManage ? (
          <span className="ml-auto flex gap-1">
            <Button asChild size="sm" variant="outline">
              <Link to={rolesPath(appId)}>{ko.adminBuilder.roles.ui.tab}</Link>
            </Button>
            <Button asChild size="sm" variant="outline">
              <Link to={`/admin/services/admin-builder/actions/${appId}`}>{ko.adminBuilder.actions.ui.tab}</Link>
            </Button>
            <Button asChild size="sm" variant="outline">
              <Link to={auditPath(appId)}>{t.audit}</Link>
            </Button>
          </span>
        ) : null}
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {app.data.schema.map((tb) => (
            <li key={tb.name}>
              <Link to={tablePath(appId, tb.name)} className="grid gap-1 rounded-md border p-3 hover:bg-muted">
                <span className="font-medium">{tableLabel(tb)}</span>
                <span className="text-xs text-muted-foreground">{tb.rights.map(rightName).join(' · ')}</span>
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
