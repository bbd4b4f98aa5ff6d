import { Tabs } from 'radix-ui';
import { ko } from '@suite/shared';
import { AccessLogList } from '@/features/console/components/access-log-list';
import { AdminOnly } from '@/features/console/components/admin-only';
import { AuditList } from '@/features/console/components/audit-list';
import { TrashList } from '@/features/console/components/trash-list';
import { UsersList } from '@/features/console/components/users-list';

const t = ko.consoleUi.users.tabs;
const tabClass =
  'rounded-md px-3 py-1.5 text-sm text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm';

export function UsersPage() {
  return (
    <AdminOnly>
      <Tabs.Root defaultValue="list" className="grid gap-4">
        <Tabs.List className="inline-flex w-fit max-w-full flex-wrap rounded-lg bg-muted p-1">
          <Tabs.Trigger value="list" className={tabClass}>
            {t.list}
          </Tabs.Trigger>
          <Tabs.Trigger value="trash" className={tabClass}>
            {t.trash}
          </Tabs.Trigger>
          <Tabs.Trigger value="audit" className={tabClass}>
            {t.audit}
          </Tabs.Trigger>
          <Tabs.Trigger value="access" className={tabClass}>
            {ko.privacy.access.tab}
          </Tabs.Trigger>
        </Tabs.List>
        {/* The list stays mounted so its search, filters, sort and page survive a visit to the other tabs. */}
        <Tabs.Content value="list" forceMount className="data-[state=inactive]:hidden">
          <UsersList />
        </Tabs.Content>
        <Tabs.Content value="trash">
          <TrashList />
        </Tabs.Content>
        <Tabs.Content value="audit">
          <AuditList />
        </Tabs.Content>
        <Tabs.Content value="access">
          <AccessLogList />
        </Tabs.Content>
      </Tabs.Root>
    </AdminOnly>
  );
}
