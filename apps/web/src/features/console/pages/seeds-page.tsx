import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { toast, toastError } from '@/lib/toast';
import { ko, ZInviteSeedMemberInput, ZUpdateSeedInput, type TInviteSeedMemberInput, type TUpdateSeedInput } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormCard } from '@/components/form-card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSeeds, type TSeedItem } from '@/lib/seed-context';
import { useSession } from '@/lib/session';
import type { TSeedMember } from '@suite/shared/schemas/seeds';
import { useDeleteSeed } from '@/features/console/api/delete-seed';
import { useSeedMembers } from '@/features/console/api/list-seed-members';
import { useSeedAction } from '@/features/console/api/run-seed-action';
import { useUpdateSeed } from '@/features/console/api/update-seed';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SeedSecurityCard } from '@/features/console/components/seed-security-card';
import { koDate } from '@/features/console/lib/format';
import { FieldError } from '@/components/ui/field-error';

const t = ko.consoleUi.seedsPage;
const roles = ko.consoleUi.seed.roles;
const selectClass = 'h-9 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function GeneralCard({ seed }: { seed: TSeedItem }) {
  const update = useUpdateSeed(seed.id);
  const canEdit = seed.role !== 'member';
  const { register, handleSubmit, formState } = useForm<TUpdateSeedInput, unknown, z.output<typeof ZUpdateSeedInput>>({
    resolver: zodResolver(ZUpdateSeedInput),
    defaultValues: { seed_name: seed.seed_name, seed_address: seed.seed_address ?? '' },
  });
  const save = handleSubmit((body) => update.mutate(body, { onSuccess: () => toast.success(t.saved), onError: (err) => toastError(err) }));
  const err = formState.errors;
  return (
    <FormCard title={t.general} onSubmit={save} canSave={canEdit} saving={update.isPending} saveLabel={t.save}>
      <div className="grid gap-1.5">
        <Label htmlFor="seed-name">{ko.consoleUi.seed.nameLabel}</Label>
        <Input id="seed-name" disabled={!canEdit || update.isPending} {...register('seed_name')} />
        <FieldError message={err.seed_name?.message} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="seed-address">{ko.consoleUi.seed.addressLabel}</Label>
        <Input id="seed-address" disabled={!canEdit || update.isPending} {...register('seed_address')} />
        <FieldError message={err.seed_address?.message} />
      </div>
    </FormCard>
  );
}

type TPending = { kind: 'remove' | 'transfer' | 'leave'; member: TSeedMember } | null;

function MembersCard({ seed }: { seed: TSeedItem }) {
  const { user } = useSession();
  const members = useSeedMembers(seed.id);
  const act = useSeedAction(seed.id);
  const invitation = useForm<TInviteSeedMemberInput, unknown, z.output<typeof ZInviteSeedMemberInput>>({
    resolver: zodResolver(ZInviteSeedMemberInput),
    defaultValues: { email: '', role: 'member' },
  });
  const [pending, setPending] = useState<TPending>(null);
  const manager = seed.role !== 'member';
  const run = (req: Parameters<typeof act.mutate>[0], done?: () => void) =>
    act.mutate(req, {
      onSuccess: (r) => {
        toast.success(r.message ?? t.saved);
        done?.();
      },
      onError: (e) => toastError(e),
    });
  const invite = invitation.handleSubmit((body) => run({ path: '/invitations', method: 'POST', body }, () => invitation.resetField('email')));
  const confirm = () => {
    if (!pending) return;
    const m = pending.member;
    if (pending.kind === 'transfer') run({ path: '/transfer', method: 'POST', body: { user_id: m.user_id } }, () => setPending(null));
    else run({ path: `/members/${m.user_id}`, method: 'DELETE' }, () => setPending(null));
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t.members}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {members.isError ? (
          <p className="text-sm text-destructive" role="alert">
            {members.error.message}
          </p>
        ) : null}
        <ul className="grid gap-2">
          {members.data?.data.map((m) => (
            <li key={m.user_id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm" data-testid="seed-member">
              <div className="min-w-0">
                <p className="font-medium">
                  {m.full_name} <span className="ml-1 rounded bg-secondary px-1.5 py-0.5 text-xs">{roles[m.role]}</span>
                </p>
                <p className="break-all text-muted-foreground">
                  {m.email} · {t.joined} {koDate(m.joined_at)}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {manager && m.role !== 'owner' && m.user_id !== user?.id ? (
                  <select
                    aria-label={`${m.full_name} ${ko.consoleUi.users.colRole}`}
                    className={selectClass}
                    value={m.role}
                    onChange={(e) => run({ path: `/members/${m.user_id}`, method: 'PATCH', body: { role: e.target.value } })}
                  >
                    <option value="member">{roles.member}</option>
                    <option value="admin">{roles.admin}</option>
                  </select>
                ) : null}
                {seed.role === 'owner' && m.role !== 'owner' ? (
                  <Button size="sm" variant="outline" onClick={() => setPending({ kind: 'transfer', member: m })}>
                    {t.makeOwner}
                  </Button>
                ) : null}
                {manager && m.role !== 'owner' && m.user_id !== user?.id ? (
                  <Button size="sm" variant="ghost" onClick={() => setPending({ kind: 'remove', member: m })}>
                    {t.remove}
                  </Button>
                ) : null}
                {m.user_id === user?.id && m.role !== 'owner' ? (
                  <Button size="sm" variant="ghost" onClick={() => setPending({ kind: 'leave', member: m })}>
                    {t.leave}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
        {manager ? (
          <>
            <form onSubmit={invite} className="flex flex-wrap items-end gap-2">
              <div className="grid min-w-56 flex-1 gap-1.5">
                <Label htmlFor="invite-email">{t.inviteEmail}</Label>
                <Input id="invite-email" type="email" required {...invitation.register('email')} />
                <FieldError message={invitation.formState.errors.email?.message} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="invite-role">{t.inviteRole}</Label>
                <select id="invite-role" className={selectClass} {...invitation.register('role')}>
                  <option value="member">{roles.member}</option>
                  <option value="admin">{roles.admin}</option>
                </select>
              </div>
              <Button type="submit" disabled={act.isPending || !invitation.watch('email').trim()}>
                {t.inviteSend}
              </Button>
            </form>
            {members.data?.invitations.length ? (
              <div className="grid gap-2">
                <h3 className="text-sm font-medium">{t.pending}</h3>
                <ul className="grid gap-1 text-sm">
                  {members.data.invitations.map((i) => (
                    <li key={i.id} className="flex items-center justify-between gap-2 rounded-md bg-muted/50 px-3 py-2">
                      <span className="break-all">
                        {i.email} · {roles[i.role]}
                      </span>
                      <Button size="sm" variant="ghost" onClick={() => run({ path: `/invitations/${i.id}`, method: 'DELETE' })}>
                        {t.cancelInvite}
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        ) : null}
        <ConfirmDialog
          open={Boolean(pending)}
          title={pending?.kind === 'transfer' ? t.makeOwner : pending?.kind === 'leave' ? t.leave : t.remove}
          message={pending ? (pending.kind === 'transfer' ? t.transferConfirm(pending.member.full_name) : t.removeConfirm(pending.member.full_name)) : ''}
          destructive={pending?.kind !== 'transfer'}
          busy={act.isPending}
          onConfirm={confirm}
          onOpenChange={(o) => !o && setPending(null)}
        />
      </CardContent>
    </Card>
  );
}

function DangerCard({ seed }: { seed: TSeedItem }) {
  const [open, setOpen] = useState(false);
  const del = useDeleteSeed();
  const navigate = useNavigate();
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="text-lg">{t.danger}</CardTitle>
        <CardDescription>{t.dangerBody}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          {t.danger}
        </Button>
        <ConfirmDialog
          open={open}
          title={t.danger}
          message={t.deleteConfirm(seed.seed_name)}
          destructive
          busy={del.isPending}
          onConfirm={() =>
            del.mutate(seed.id, {
              onSuccess: () => {
                toast.success(t.deleted);
                setOpen(false);
                navigate('/admin');
              },
              onError: (e) => toastError(e),
            })
          }
          onOpenChange={setOpen}
        />
      </CardContent>
    </Card>
  );
}

export function SeedsPage() {
  const { selected } = useSeeds();
  if (!selected) return <p className="text-sm text-muted-foreground">{t.none}</p>;
  return (
    <div className="grid max-w-3xl gap-6">
      <GeneralCard key={`g-${selected.id}`} seed={selected} />
      <MembersCard key={`m-${selected.id}`} seed={selected} />
      {selected.role === 'owner' ? <SeedSecurityCard key={`s-${selected.id}`} seedId={selected.id} /> : null}
      {selected.role === 'owner' ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{ko.privacy.seedRequests.title}</CardTitle>
            <CardDescription className="break-keep">{ko.privacy.seedRequests.description}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="outline">
              <Link to="/admin/seeds/privacy">{ko.privacy.seedRequests.open}</Link>
            </Button>
          </CardContent>
        </Card>
      ) : null}
      {selected.role === 'owner' ? <DangerCard seed={selected} /> : null}
    </div>
  );
}
