/**
 * Booking rules in the console (issue 37): the seed's rules and the abandoned-series threshold, a room's own rules
 * (in the room editor), team quotas, the admin override in the booking dialog, and a booking's exception and
 * abandoned-series history. The server enforces every rule; these screens only edit and show them.
 */
import { useState } from 'react';
import { koRoomsRules } from '@suite/shared/messages/ko-rooms-rules';
import { ZRoomRulesInput, ZRoomTeamInput, ZRuleOverride, ZSeedRulesInput, type TRuleSet, type TRoomTeam } from '@suite/shared/schemas/rooms-rules';
import type { TBooking, TRoom } from '@suite/shared/schemas/rooms';
import type { z } from 'zod';
import { ApiError } from '@/lib/api';
import { toast, toastError } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useBookingHistory, useBookingRules, useRemoveTeam, useSaveRoomRules, useSaveSeedRules, useSaveTeam } from '../api/booking-rules';
import { useMemberChoices } from '../api/member-choices';
import { useRoomSettings } from '../api/room-settings';
import { useRooms } from '../api/list-rooms';

const t = koRoomsRules.ui;

/** The form's view of a rule set: numbers as text ('' = none / as the seed). */
type TRuleDraft = { maxMinutes: string; maxDaysAhead: string; maxHoursPerWeek: string; whoMayBook: string; allowedUserIds: string[] };
const draftOf = (r: TRuleSet | undefined): TRuleDraft => ({
  maxMinutes: r?.maxMinutes?.toString() ?? '',
  maxDaysAhead: r?.maxDaysAhead?.toString() ?? '',
  maxHoursPerWeek: r?.maxHoursPerWeek?.toString() ?? '',
  whoMayBook: r?.whoMayBook ?? '',
  allowedUserIds: r?.allowedUserIds ?? [],
});
const num = (s: string) => (s.trim() === '' ? null : Number(s));
const bodyOf = (d: TRuleDraft) => ({
  maxMinutes: num(d.maxMinutes),
  maxDaysAhead: num(d.maxDaysAhead),
  maxHoursPerWeek: num(d.maxHoursPerWeek),
  whoMayBook: d.whoMayBook === '' ? null : d.whoMayBook,
  allowedUserIds: d.whoMayBook === 'members' ? d.allowedUserIds : [],
});
/** The first message of a failed parse. */
const firstIssue = (e: z.ZodError) => e.issues[0]?.message ?? '';

function MemberPicks({
  seedId,
  value,
  onChange,
  label,
  disabled,
}: {
  seedId: string;
  value: string[];
  onChange: (ids: string[]) => void;
  label: string;
  disabled: boolean;
}) {
  const members = useMemberChoices(seedId);
  const chosen = new Set(value);
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      <div className="grid max-h-48 gap-1 overflow-y-auto rounded-md border p-2">
        {(members.data ?? []).map((m) => (
          <label key={m.user_id} className="flex items-center gap-2 text-sm break-keep">
            <Checkbox
              checked={chosen.has(m.user_id)}
              disabled={disabled}
              onCheckedChange={(c) => onChange(c === true ? [...value, m.user_id] : value.filter((x) => x !== m.user_id))}
            />
            {`${m.full_name} (${m.email})`}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function RuleFields({
  seedId,
  idPrefix,
  draft,
  onChange,
  disabled,
  blank,
}: {
  seedId: string;
  idPrefix: string;
  draft: TRuleDraft;
  onChange: (d: TRuleDraft) => void;
  disabled: boolean;
  /** What an empty field means here: no limit (seed) or the seed's rule (room). */
  blank: string;
}) {
  const field = (key: 'maxMinutes' | 'maxDaysAhead' | 'maxHoursPerWeek', label: string, step: number) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${idPrefix}-${key}`}>{label}</Label>
      <Input
        id={`${idPrefix}-${key}`}
        type="number"
        inputMode="numeric"
        min={step}
        step={step}
        placeholder={blank}
        disabled={disabled}
        value={draft[key]}
        onChange={(e) => onChange({ ...draft, [key]: e.target.value })}
      />
    </div>
  );
  return (
    <>
      {field('maxMinutes', t.maxMinutes, 15)}
      {field('maxDaysAhead', t.maxDaysAhead, 1)}
      {field('maxHoursPerWeek', t.maxHoursPerWeek, 1)}
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-who`}>{t.whoMayBook}</Label>
        <NativeSelect id={`${idPrefix}-who`} disabled={disabled} value={draft.whoMayBook} onChange={(e) => onChange({ ...draft, whoMayBook: e.target.value })}>
          <option value="">{blank === t.inherit ? t.whoInherit : t.who.everyone}</option>
          {(['everyone', 'members', 'admins'] as const).map((w) => (
            <option key={w} value={w}>
              {t.who[w]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {draft.whoMayBook === 'members' ? (
        <MemberPicks
          seedId={seedId}
          label={t.allowedMembers}
          value={draft.allowedUserIds}
          disabled={disabled}
          onChange={(ids) => onChange({ ...draft, allowedUserIds: ids })}
        />
      ) : null}
    </>
  );
}

/** "예약 규칙" in the rooms settings: the seed's rules, the abandoned-series threshold and team quotas. */
export function BookingRulesCard({ seedId }: { seedId: string }) {
  const rules = useBookingRules(seedId);
  if (!rules.data) return null;
  return <RulesForms key={JSON.stringify(rules.data.data)} seedId={seedId} data={rules.data.data} canManage={rules.data.canManage} />;
}

function RulesForms({
  seedId,
  data,
  canManage,
}: {
  seedId: string;
  data: NonNullable<ReturnType<typeof useBookingRules>['data']>['data'];
  canManage: boolean;
}) {
  const save = useSaveSeedRules(seedId);
  const [draft, setDraft] = useState(() => draftOf(data.seed));
  const [abandon, setAbandon] = useState(String(data.seed.abandonAfter));
  const [error, setError] = useState<string>();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = ZSeedRulesInput.safeParse({ ...bodyOf(draft), abandonAfter: num(abandon) ?? undefined });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setError(undefined);
    save.mutate(parsed.data, { onSuccess: (r) => toast.success(r.message), onError: (err) => setError(err.message) });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t.title}</CardTitle>
        <CardDescription className="break-keep">{t.lead}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form onSubmit={submit} noValidate className="grid gap-3 sm:max-w-md" aria-label={t.title}>
          <RuleFields seedId={seedId} idPrefix="sr" draft={draft} onChange={setDraft} disabled={!canManage} blank={t.noLimit} />
          <div className="grid gap-1.5">
            <Label htmlFor="sr-abandon">{t.abandonAfter}</Label>
            <Input
              id="sr-abandon"
              type="number"
              inputMode="numeric"
              min={0}
              max={10}
              disabled={!canManage}
              value={abandon}
              onChange={(e) => setAbandon(e.target.value)}
            />
            <p className="text-xs text-muted-foreground break-keep">{t.abandonHint}</p>
          </div>
          <FieldError message={error} />
          {canManage ? (
            <Button type="submit" className="justify-self-start" disabled={save.isPending}>
              {t.save}
            </Button>
          ) : null}
        </form>
        <TeamsSection seedId={seedId} teams={data.teams} canManage={canManage} />
      </CardContent>
    </Card>
  );
}

type TTeamDraft = { id: string | null; name: string; roomId: string; hours: string; memberIds: string[] };

function TeamsSection({ seedId, teams, canManage }: { seedId: string; teams: TRoomTeam[]; canManage: boolean }) {
  const rooms = useRooms(seedId);
  const saveTeam = useSaveTeam(seedId);
  const remove = useRemoveTeam(seedId);
  const [editing, setEditing] = useState<TTeamDraft | null>(null);
  const [error, setError] = useState<string>();
  const roomName = (id: string | null) => (id ? (rooms.data?.find((r: TRoom) => r.id === id)?.name ?? '') : t.allRooms);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    const parsed = ZRoomTeamInput.safeParse({
      name: editing.name,
      roomId: editing.roomId || null,
      maxHoursPerWeek: num(editing.hours),
      memberIds: editing.memberIds,
    });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setError(undefined);
    saveTeam.mutate(
      { teamId: editing.id, body: parsed.data },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          setEditing(null);
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <section className="grid gap-3" aria-labelledby="teams-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid gap-1">
          <h3 id="teams-title" className="font-medium">
            {t.teamsTitle}
          </h3>
          <p className="text-sm text-muted-foreground break-keep">{t.teamsLead}</p>
        </div>
        {canManage && !editing ? (
          <Button size="sm" variant="outline" onClick={() => setEditing({ id: null, name: '', roomId: '', hours: '', memberIds: [] })}>
            {t.addTeam}
          </Button>
        ) : null}
      </div>
      {teams.length === 0 ? <p className="text-sm text-muted-foreground">{t.noTeams}</p> : null}
      <ul className="grid gap-2">
        {teams.map((team) => (
          <li key={team.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
            <div className="grid min-w-0 gap-0.5">
              <span className="font-medium">{team.name}</span>
              <span className="text-xs text-muted-foreground break-keep">
                {t.teamLine(roomName(team.roomId), team.maxHoursPerWeek, team.members.length)} · {team.members.map((m) => m.name).join(', ')}
              </span>
            </div>
            {canManage ? (
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    setEditing({
                      id: team.id,
                      name: team.name,
                      roomId: team.roomId ?? '',
                      hours: String(team.maxHoursPerWeek),
                      memberIds: team.members.map((m) => m.id),
                    })
                  }
                >
                  {t.editTeam}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t.removeTeam(team.name)}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(team.id, { onSuccess: (r) => toast.success(r.message), onError: (err) => toastError(err) })}
                >
                  {t.removeTeam(team.name)}
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {editing ? (
        <form onSubmit={submit} noValidate className="grid gap-3 rounded-md border p-3 sm:max-w-md" aria-label={t.saveTeam}>
          <div className="grid gap-1.5">
            <Label htmlFor="tm-name">{t.teamName}</Label>
            <Input id="tm-name" maxLength={50} value={editing.name} onChange={(e) => setEditing({ ...editing, name: e.target.value })} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="tm-room">{t.teamRoom}</Label>
            <NativeSelect id="tm-room" value={editing.roomId} onChange={(e) => setEditing({ ...editing, roomId: e.target.value })}>
              <option value="">{t.allRooms}</option>
              {(rooms.data ?? []).map((r: TRoom) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="tm-hours">{t.teamHours}</Label>
            <Input
              id="tm-hours"
              type="number"
              inputMode="numeric"
              min={1}
              max={168}
              value={editing.hours}
              onChange={(e) => setEditing({ ...editing, hours: e.target.value })}
            />
          </div>
          <MemberPicks
            seedId={seedId}
            label={t.teamMembers}
            value={editing.memberIds}
            disabled={false}
            onChange={(ids) => setEditing({ ...editing, memberIds: ids })}
          />
          <FieldError message={error} />
          <div className="flex gap-2">
            <Button type="submit" disabled={saveTeam.isPending}>
              {t.saveTeam}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setEditing(null)}>
              {t.cancelEdit}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}

/** A room's own rules, in the room editor (owner and admins): empty fields follow the seed's rules. */
export function RoomRulesSection({ seedId, roomId }: { seedId: string; roomId: string }) {
  const rules = useBookingRules(seedId);
  if (!rules.data?.data) return null;
  const own = rules.data.data.rooms.find((r) => r.roomId === roomId);
  return <RoomRulesForm key={JSON.stringify(own ?? null)} seedId={seedId} roomId={roomId} initial={own} canManage={rules.data.canManage} />;
}

function RoomRulesForm({ seedId, roomId, initial, canManage }: { seedId: string; roomId: string; initial: TRuleSet | undefined; canManage: boolean }) {
  const save = useSaveRoomRules(seedId);
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [error, setError] = useState<string>();
  const submit = () => {
    const parsed = ZRoomRulesInput.safeParse(bodyOf(draft));
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setError(undefined);
    save.mutate({ roomId, body: parsed.data }, { onSuccess: (r) => toast.success(r.message), onError: (err) => setError(err.message) });
  };
  // Not a <form>: it sits inside the room form's dialog, next to (not within) the room's own form.
  return (
    <section className="grid gap-3 border-t pt-3" aria-labelledby={`rr-${roomId}`}>
      <div className="grid gap-1">
        <h3 id={`rr-${roomId}`} className="font-medium">
          {t.roomRulesTitle}
        </h3>
        <p className="text-xs text-muted-foreground break-keep">{t.roomRulesLead}</p>
      </div>
      <RuleFields seedId={seedId} idPrefix={`rr-${roomId}`} draft={draft} onChange={setDraft} disabled={!canManage} blank={t.inherit} />
      <FieldError message={error} />
      {canManage ? (
        <Button type="button" variant="outline" className="justify-self-start" disabled={save.isPending} onClick={submit}>
          {t.save}
        </Button>
      ) : null}
    </section>
  );
}

/**
 * The override in the booking dialog: after the server refused with a booking rule, an owner or admin may tick
 * '규칙 예외로 예약' and give a reason; `apply` adds `override` to the next request (or says what is wrong).
 */
export function useRuleOverride(seedId: string) {
  const settings = useRoomSettings(seedId);
  const canOverride = settings.data?.canManage ?? false;
  const [refused, setRefused] = useState(false);
  const [on, setOn] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const onError = (err: Error) => {
    if (err instanceof ApiError && err.code === 'ROOM_RULE') setRefused(true);
  };
  /** The request with the override when ticked; null (with the message shown) when the reason is not valid. */
  function apply<T extends object>(body: T): (T & { override?: { reason: string } }) | null {
    if (!on || !canOverride) return body;
    const parsed = ZRuleOverride.safeParse({ reason });
    if (!parsed.success) {
      setError(firstIssue(parsed.error));
      return null;
    }
    setError(undefined);
    return { ...body, override: parsed.data };
  }
  const field =
    refused && canOverride ? (
      <div className="grid gap-2 rounded-md border border-amber-500/50 p-2" data-testid="rule-override">
        <label className="flex items-center gap-2 text-sm break-keep">
          <Checkbox checked={on} onCheckedChange={(c) => setOn(c === true)} />
          {t.override}
        </label>
        {on ? (
          <div className="grid gap-1.5">
            <Label htmlFor="bk-override-reason">{t.overrideReason}</Label>
            <Input id="bk-override-reason" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
            <p className="text-xs text-muted-foreground break-keep">{t.overrideHint}</p>
            <FieldError message={error} />
          </div>
        ) : null}
      </div>
    ) : null;
  return { apply, onError, field };
}

const historyLine = (e: { action: string; detail: Record<string, unknown> }) => {
  const h = t.history;
  if (e.action === 'series_miss') return h.series_miss(Number(e.detail.misses ?? 0));
  if (e.action === 'series_warning') return h.series_warning;
  if (e.action === 'series_release') return h.series_release(Number(e.detail.count ?? 0));
  return h.rule_override(String(e.detail.reason ?? ''));
};

/** On a booking: that it was booked as an exception, why the system released it, and its series' history. */
export function BookingRuleNotes({ seedId, booking }: { seedId: string; booking: TBooking }) {
  const history = useBookingHistory(seedId, booking.id);
  const entries = history.data ?? [];
  if (!booking.overrideReason && !booking.releaseReason && entries.length === 0) return null;
  return (
    <div className="grid gap-2 rounded-md border p-2 text-sm" data-testid="booking-rule-notes">
      {booking.overrideReason ? <p className="break-keep">{t.exception(booking.overrideReason)}</p> : null}
      {booking.releaseReason ? <p className="break-keep">{t.released(booking.releaseReason)}</p> : null}
      {entries.length ? (
        <>
          <p className="font-medium">{t.historyTitle}</p>
          <ul className="grid gap-1">
            {entries.map((e) => (
              <li key={e.id} className="break-keep text-muted-foreground">
                {`${new Date(e.at).toLocaleDateString('ko-KR', { timeZone: 'Asia/Seoul' })} ${String(e.detail.slot ?? '')} · ${historyLine(e)}`}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
