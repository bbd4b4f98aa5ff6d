import { useState } from 'react';
import { helpAction, toast } from '@/lib/toast';
import { ArrowDown, ArrowUp, ArrowUpDown, Plus, RefreshCw, RotateCcw, Search, X } from 'lucide-react';
import { ko } from '@suite/shared';
import { UserAvatar } from '@/components/user-avatar';
import { Button } from '@/components/ui/button';
import type { TAdminUser } from '@suite/shared/schemas/admin';
import { useAdminUsers, type TUserQuery } from '@/features/console/api/list-users';
import { useAdminAction } from '@/features/console/api/run-user-action';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Pagination } from '@/features/console/components/pagination';
import { AddUserDialog, EditUserDialog } from '@/features/console/components/user-dialogs';
import { UserRowActions, type TRowAction } from '@/features/console/components/user-row-actions';
import { koDate } from '@/features/console/lib/format';
import { useDebounced } from '@/lib/use-debounced';
import { NoResults } from '@/components/no-results';
import { cn } from '@/lib/utils';
import { ColumnHeads } from '@/features/console/components/column-heads';
import { ListSearch } from '@/features/console/components/list-search';

const t = ko.consoleUi.users;
const selectClass = 'h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
const roleStyle = {
  admin: 'bg-violet-100 text-violet-800 dark:bg-violet-900/50 dark:text-violet-200',
  user: 'bg-muted text-foreground',
  guest: 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-200',
};
const statusStyle = {
  active: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  inactive: 'bg-muted text-muted-foreground',
  suspended: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
};

function SortIcon({ active, order }: { active: boolean; order: TUserQuery['order'] }) {
  if (!active) return <ArrowUpDown className="size-3.5 opacity-50" aria-hidden="true" />;
  return order === 'asc' ? <ArrowUp className="size-3.5" aria-hidden="true" /> : <ArrowDown className="size-3.5" aria-hidden="true" />;
}

type TFilters = { role: string; status: string; joined: string };
type TPending = { action: Exclude<TRowAction, 'edit'>; user: TAdminUser } | null;

export function UsersList() {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<TFilters>({ role: 'all', status: 'all', joined: 'all' });
  const [sort, setSort] = useState<{ by: TUserQuery['sort']; order: TUserQuery['order'] }>({ by: 'created_at', order: 'desc' });
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TAdminUser | null>(null);
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<TPending>(null);
  const debounced = useDebounced(search.trim(), 300);
  const query = useAdminUsers({ search: debounced, ...filters, sort: sort.by, order: sort.order, page });
  const action = useAdminAction();

  const setFilter = (key: keyof TFilters, value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  const resetAll = () => {
    setSearch('');
    setFilters({ role: 'all', status: 'all', joined: 'all' });
    setPage(1);
  };
  const toggleSort = (by: TUserQuery['sort']) => {
    setSort((s) => (s.by === by ? { by, order: s.order === 'asc' ? 'desc' : 'asc' } : { by, order: 'asc' }));
    setPage(1);
  };

  const chips = [
    ...(debounced ? [{ key: 'search', label: `"${debounced}"`, clear: () => setSearch('') }] : []),
    ...(filters.role !== 'all'
      ? [{ key: 'role', label: `${t.role}: ${t.roles[filters.role as keyof typeof t.roles]}`, clear: () => setFilter('role', 'all') }]
      : []),
    ...(filters.status !== 'all'
      ? [{ key: 'status', label: `${t.status}: ${t.statuses[filters.status as keyof typeof t.statuses]}`, clear: () => setFilter('status', 'all') }]
      : []),
    ...(filters.joined !== 'all'
      ? [{ key: 'joined', label: `${t.joined}: ${t.joinedRanges[filters.joined as keyof typeof t.joinedRanges]}`, clear: () => setFilter('joined', 'all') }]
      : []),
  ];

  const onAction = (a: TRowAction, user: TAdminUser) => (a === 'edit' ? setEditing(user) : setPending({ action: a, user }));
  const confirmPending = async () => {
    if (!pending) return;
    const { action: a, user } = pending;
    const req =
      a === 'delete'
        ? { path: `/${user.id}`, method: 'DELETE' as const }
        : a === 'endSessions'
          ? { path: `/${user.id}/revoke-sessions`, method: 'POST' as const }
          : { path: `/${user.id}/status`, method: 'POST' as const, body: { status: a === 'activate' ? 'active' : a === 'suspend' ? 'suspended' : 'inactive' } };
    try {
      const r = await action.mutateAsync(req);
      toast.success(r.message ?? ko.authUi.settings.saved);
      setPending(null);
    } catch (e) {
      toast.error(a === 'delete' ? t.deleteFailed : t.statusFailed, { description: e instanceof Error ? e.message : undefined, ...helpAction(e) });
    }
  };
  const pendingText = pending
    ? pending.action === 'delete'
      ? t.deleteConfirm(pending.user.email)
      : pending.action === 'endSessions'
        ? `${pending.user.email}: ${t.endSessions}`
        : t.statusConfirm(pending.user.email, t.statuses[pending.action === 'activate' ? 'active' : pending.action === 'suspend' ? 'suspended' : 'inactive'])
    : '';

  const ariaSort = (by: TUserQuery['sort']) => (sort.by === by ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none');
  const data = query.data;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-56 flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <ListSearch label={t.searchLabel} placeholder={t.searchPlaceholder} value={search} setSearch={setSearch} setPage={setPage} className="pl-9" />
        </div>
        <select aria-label={t.role} className={selectClass} value={filters.role} onChange={(e) => setFilter('role', e.target.value)}>
          <option value="all">
            {t.role}: {t.all}
          </option>
          {(['admin', 'user', 'guest'] as const).map((r) => (
            <option key={r} value={r}>
              {t.roles[r]}
            </option>
          ))}
        </select>
        <select aria-label={t.status} className={selectClass} value={filters.status} onChange={(e) => setFilter('status', e.target.value)}>
          <option value="all">
            {t.status}: {t.all}
          </option>
          {(['active', 'inactive', 'suspended'] as const).map((s) => (
            <option key={s} value={s}>
              {t.statuses[s]}
            </option>
          ))}
        </select>
        <select aria-label={t.joined} className={selectClass} value={filters.joined} onChange={(e) => setFilter('joined', e.target.value)}>
          <option value="all">
            {t.joined}: {t.all}
          </option>
          {(['today', 'week', 'month', 'year'] as const).map((j) => (
            <option key={j} value={j}>
              {t.joinedRanges[j]}
            </option>
          ))}
        </select>
        <Button variant="ghost" size="sm" onClick={resetAll}>
          <RotateCcw aria-hidden="true" /> {t.reset}
        </Button>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RefreshCw className={cn(query.isFetching && 'animate-spin')} aria-hidden="true" /> {t.refresh}
        </Button>
        <Button size="sm" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" /> {t.add}
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <p className="text-muted-foreground" aria-live="polite" data-testid="user-count">
          {data ? t.resultCount(data.data.length, data.total) : ko.common.loading}
        </p>
        {chips.map((c) => (
          <span key={c.key} className="inline-flex items-center gap-1 rounded-full bg-secondary px-2.5 py-0.5 text-xs">
            {c.label}
            <button
              type="button"
              onClick={c.clear}
              aria-label={t.removeFilter(c.label)}
              className="rounded-full hover:text-destructive focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <X className="size-3" aria-hidden="true" />
            </button>
          </span>
        ))}
      </div>
      {query.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {t.loadFailed} {query.error.message}
        </p>
      ) : null}
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full min-w-[720px] text-sm">
          <thead className="bg-muted/50 text-left">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {t.colUser}
              </th>
              <th scope="col" className="px-3 py-2 font-medium" aria-sort={ariaSort('email')}>
                <button type="button" onClick={() => toggleSort('email')} className="inline-flex items-center gap-1 hover:text-foreground">
                  {t.colEmail} <SortIcon active={sort.by === 'email'} order={sort.order} />
                </button>
              </th>
              <ColumnHeads names={[t.colName, t.colRole, t.colStatus]} />
              <th scope="col" className="px-3 py-2 font-medium" aria-sort={ariaSort('created_at')}>
                <button type="button" onClick={() => toggleSort('created_at')} className="inline-flex items-center gap-1 hover:text-foreground">
                  {t.colJoined} <SortIcon active={sort.by === 'created_at'} order={sort.order} />
                </button>
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                <span className="sr-only">{t.colActions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data && data.data.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-3 py-10 text-center text-muted-foreground">
                  {chips.length ? <NoResults query={debounced} filtered={chips.length > (debounced ? 1 : 0)} onClear={resetAll} /> : t.empty}
                </td>
              </tr>
            ) : null}
            {data?.data.map((u) => (
              <tr key={u.id} className="border-t" data-testid="user-row">
                <td className="px-3 py-2">
                  <UserAvatar full_name={u.full_name} email={u.email} avatar_url={u.avatar_url} size="sm" />
                </td>
                <td className="px-3 py-2 break-all">{u.email}</td>
                <td className="px-3 py-2">{u.full_name}</td>
                <td className="px-3 py-2">
                  <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', roleStyle[u.role])}>{t.roles[u.role]}</span>
                </td>
                <td className="px-3 py-2">
                  <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', statusStyle[u.status])}>{t.statuses[u.status]}</span>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{koDate(u.created_at)}</td>
                <td className="px-3 py-2 text-right">
                  <UserRowActions user={u} onAction={onAction} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data ? <Pagination page={data.page} totalPages={data.totalPages} onPage={setPage} /> : null}
      {editing ? <EditUserDialog key={editing.id} user={editing} onClose={() => setEditing(null)} /> : null}
      <AddUserDialog open={adding} onOpenChange={setAdding} />
      <ConfirmDialog
        open={Boolean(pending)}
        title={pending ? (pending.action === 'delete' ? t.delete : pending.action === 'endSessions' ? t.endSessions : t.status) : ''}
        message={pendingText}
        destructive={pending?.action === 'delete' || pending?.action === 'suspend'}
        busy={action.isPending}
        onConfirm={confirmPending}
        onOpenChange={(o) => !o && setPending(null)}
      />
    </div>
  );
}
