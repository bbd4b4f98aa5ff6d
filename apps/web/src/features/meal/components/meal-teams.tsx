import { useState } from 'react';
import { Plus, Trash2, Users } from 'lucide-react';
import { koMealPolicy } from '@suite/shared/messages/ko-meal-policy';
import { ZMealTeamInput, type TMealTeam } from '@suite/shared/schemas/meal-policy';
import type { TSeedMember } from '@suite/shared';
import { ApiError } from '@/lib/api';
import { toast, toastError } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useCreateMealTeam, useDeleteMealTeam, useSetMealTeamMembers, useUpdateMealTeam } from '../api/meal-settings';

const t = koMealPolicy.ui;
type TErrors = { name?: string | undefined; monthlyBudget?: string | undefined; root?: string | undefined };

/** Checks a team's fields with the shared schema; the field errors, or the request body. */
function parseTeam(name: string, budget: string): { body?: { name: string; monthlyBudget: number }; errors: TErrors } {
  const r = ZMealTeamInput.safeParse({ name, monthlyBudget: Number(budget.replace(/,/g, '') || NaN) });
  if (r.success) return { body: r.data, errors: {} };
  const errors: TErrors = {};
  for (const i of r.error.issues) errors[i.path[0] === 'name' ? 'name' : 'monthlyBudget'] ??= i.message;
  return { errors };
}

const serverErrors = (e: Error): TErrors => {
  const d = e instanceof ApiError ? (e.details ?? []) : [];
  if (d.length === 0) return { root: e.message };
  return Object.fromEntries(d.map((x) => [x.path === 'name' ? 'name' : x.path === 'monthlyBudget' ? 'monthlyBudget' : 'root', x.message]));
};

/** The seed's teams (issue 38): name, monthly budget, this month's use, members; managers edit, others read. */
export function MealTeams({ seedId, teams, members, canManage }: { seedId: string; teams: TMealTeam[]; members: TSeedMember[]; canManage: boolean }) {
  return (
    <div className="grid gap-3">
      {teams.length === 0 ? <p className="text-sm text-muted-foreground">{t.noTeams}</p> : null}
      <ul className="grid gap-3" data-testid="meal-teams">
        {teams.map((team) => (
          <TeamRow key={team.id} seedId={seedId} team={team} members={members} canManage={canManage} />
        ))}
      </ul>
      {canManage ? <NewTeam seedId={seedId} /> : null}
    </div>
  );
}

function TeamRow({ seedId, team, members, canManage }: { seedId: string; team: TMealTeam; members: TSeedMember[]; canManage: boolean }) {
  const [name, setName] = useState(team.name);
  const [budget, setBudget] = useState(String(team.monthlyBudget));
  const [errors, setErrors] = useState<TErrors>({});
  const [confirm, setConfirm] = useState(false);
  const update = useUpdateMealTeam(seedId);
  const remove = useDeleteMealTeam(seedId);
  const dirty = name !== team.name || budget !== String(team.monthlyBudget);
  const save = () => {
    const { body, errors: e } = parseTeam(name, budget);
    setErrors(e);
    if (!body) return;
    update.mutate({ teamId: team.id, body }, { onSuccess: (r) => toast.success(r.message), onError: (err) => setErrors(serverErrors(err)) });
  };
  return (
    <li className="grid gap-3 rounded-md border p-3">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-end">
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`team-name-${team.id}`}>{t.teamName}</Label>
          <Input id={`team-name-${team.id}`} value={name} disabled={!canManage} onChange={(e) => setName(e.target.value)} />
          <FieldError message={errors.name} />
        </div>
        <div className="grid content-start gap-1.5">
          <Label htmlFor={`team-budget-${team.id}`}>{t.monthlyBudget}</Label>
          <Input id={`team-budget-${team.id}`} inputMode="numeric" value={budget} disabled={!canManage} onChange={(e) => setBudget(e.target.value)} />
          <FieldError message={errors.monthlyBudget} />
        </div>
        {canManage ? (
          <div className="flex gap-2">
            <Button type="button" size="sm" disabled={!dirty || update.isPending} onClick={save}>
              {t.save}
            </Button>
            <Button type="button" size="sm" variant="ghost" aria-label={`${team.name} ${t.deleteTeam}`} onClick={() => setConfirm(true)}>
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ) : null}
      </div>
      <FieldError message={errors.root} />
      <p className="text-xs text-muted-foreground tabular-nums">
        {t.usedThisMonth} ({team.month}): {t.won(team.used)} / {t.won(team.monthlyBudget)} · {t.left} {t.won(team.left)}
      </p>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{t.members}</span>
        {team.members.length === 0 ? <span className="text-muted-foreground">{t.noMembers}</span> : null}
        {team.members.map((m) => (
          <span key={m.userId} className="rounded bg-muted px-1.5 py-0.5 text-xs">
            {m.name}
          </span>
        ))}
        {canManage ? <MembersPicker seedId={seedId} team={team} members={members} /> : null}
      </div>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={t.deleteTeam}
        description={t.confirmDeleteTeam(team.name)}
        confirmLabel={t.deleteTeam}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(team.id, {
            onSuccess: (r) => {
              setConfirm(false);
              toast.success(r.message);
            },
            onError: (e) => toastError(e),
          })
        }
      />
    </li>
  );
}

/** Chooses the team's members; someone in another team moves here (one team per person). */
function MembersPicker({ seedId, team, members }: { seedId: string; team: TMealTeam; members: TSeedMember[] }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string>();
  const setMembers = useSetMealTeamMembers(seedId);
  const show = (next: boolean) => {
    if (next) setChosen(new Set(team.members.map((m) => m.userId)));
    setError(undefined);
    setOpen(next);
  };
  const toggle = (id: string, on: boolean) => setChosen((prev) => new Set([...prev].filter((x) => x !== id).concat(on ? [id] : [])));
  return (
    <Dialog open={open} onOpenChange={show}>
      <Button type="button" variant="outline" size="sm" onClick={() => show(true)}>
        <Users aria-hidden="true" /> {t.editMembers}
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {team.name} {t.members}
          </DialogTitle>
          <DialogDescription className="break-keep">{t.teamsHelp}</DialogDescription>
        </DialogHeader>
        <div className="grid max-h-[50vh] gap-2 overflow-y-auto">
          {members.map((m) => (
            <label key={m.user_id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4 accent-primary" checked={chosen.has(m.user_id)} onChange={(e) => toggle(m.user_id, e.target.checked)} />
              <span className="truncate">{m.full_name}</span>
            </label>
          ))}
        </div>
        <FieldError message={error} />
        <DialogFooter>
          <Button
            type="button"
            disabled={setMembers.isPending}
            onClick={() =>
              setMembers.mutate(
                { teamId: team.id, userIds: [...chosen] },
                {
                  onSuccess: (r) => {
                    toast.success(r.message);
                    setOpen(false);
                  },
                  onError: (e) => setError(e.message),
                },
              )
            }
          >
            {t.saveMembers}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function NewTeam({ seedId }: { seedId: string }) {
  const [name, setName] = useState('');
  const [budget, setBudget] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const create = useCreateMealTeam(seedId);
  const submit = () => {
    const { body, errors: e } = parseTeam(name, budget);
    setErrors(e);
    if (!body) return;
    create.mutate(body, {
      onSuccess: (r) => {
        toast.success(r.message);
        setName('');
        setBudget('');
      },
      onError: (err) => setErrors(serverErrors(err)),
    });
  };
  return (
    <form
      className="grid gap-3 rounded-md border border-dashed p-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-end"
      aria-label={t.addTeam}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="grid content-start gap-1.5">
        <Label htmlFor="new-team-name">{t.teamName}</Label>
        <Input id="new-team-name" value={name} onChange={(e) => setName(e.target.value)} />
        <FieldError message={errors.name} />
      </div>
      <div className="grid content-start gap-1.5">
        <Label htmlFor="new-team-budget">{t.monthlyBudget}</Label>
        <Input id="new-team-budget" inputMode="numeric" value={budget} onChange={(e) => setBudget(e.target.value)} />
        <FieldError message={errors.monthlyBudget} />
      </div>
      <Button type="submit" size="sm" disabled={create.isPending}>
        <Plus aria-hidden="true" /> {t.addTeam}
      </Button>
      <div className="sm:col-span-3">
        <FieldError message={errors.root} />
      </div>
    </form>
  );
}
