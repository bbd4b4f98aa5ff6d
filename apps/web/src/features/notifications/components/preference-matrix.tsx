import { Lock } from 'lucide-react';
import { ko } from '@suite/shared';
import { koNotificationsUi } from '@suite/shared/messages/ko-notifications-ui';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  NOTIFICATION_EVENT_NAMES,
  type TChannelSwitches,
  type TNotificationChannel,
  type TNotificationEvent,
} from '@suite/shared/schemas/notifications';
import { ScrollRegion } from '@/components/scroll-region';
import { Checkbox } from '@/components/ui/checkbox';
import { useMediaQuery } from '@/lib/use-media-query';

const m = koNotificationsUi.matrix;
const labels = ko.notifications;
type TGroup = keyof typeof m.groups;

/** The events in catalogue order, grouped by the part before the dot (rooms, meal, …, security). */
const groups = NOTIFICATION_EVENT_NAMES.reduce<{ id: TGroup; events: TNotificationEvent[] }[]>((acc, name) => {
  const id = name.slice(0, name.indexOf('.')) as TGroup;
  const last = acc[acc.length - 1];
  if (last?.id === id) last.events.push(name);
  else acc.push({ id, events: [name] });
  return acc;
}, []);

/** A switch the person cannot turn off: the console and mail of a security event (the server refuses it too). */
export const isLockedSwitch = (event: TNotificationEvent, channel: TNotificationChannel) =>
  NOTIFICATION_EVENTS[event].locked && (channel === 'inApp' || channel === 'mail');

type TProps = {
  events: Record<TNotificationEvent, TChannelSwitches>;
  onChange: (event: TNotificationEvent, channel: TNotificationChannel, on: boolean) => void;
  disabled?: boolean | undefined;
};

function Switch({ event, channel, events, onChange, disabled }: TProps & { event: TNotificationEvent; channel: TNotificationChannel }) {
  const locked = isLockedSwitch(event, channel);
  return (
    <Checkbox
      aria-label={m.toggle(labels.events[event], labels.channels[channel])}
      checked={locked || events[event][channel]}
      disabled={disabled || locked}
      title={locked ? m.locked : undefined}
      onCheckedChange={(v) => onChange(event, channel, v === true)}
      className="size-5 align-middle"
    />
  );
}

function LockedHint({ event }: { event: TNotificationEvent }) {
  return NOTIFICATION_EVENTS[event].locked ? (
    <span className="mt-0.5 flex items-center gap-1 text-xs font-normal text-muted-foreground">
      <Lock className="size-3" aria-hidden="true" /> {m.lockedHint}
    </span>
  ) : null;
}

/**
 * Event × channel: one checkbox per cell, named "<event> — <channel>"; security's console and mail shown on and locked.
 * A table from 640 px up; below, each event is a card of its own with its four switches (the same names).
 */
export function PreferenceMatrix(props: TProps) {
  const narrow = useMediaQuery('(max-width: 639px)');
  return narrow ? <Stacked {...props} /> : <Table {...props} />;
}

function Stacked(props: TProps) {
  return (
    <div className="grid gap-4" role="group" aria-label={m.title}>
      {groups.map((g) => (
        <section key={g.id} className="grid gap-2" aria-label={m.groups[g.id]}>
          <h3 className="text-xs font-semibold text-muted-foreground">{m.groups[g.id]}</h3>
          <ul className="grid gap-2">
            {g.events.map((event) => (
              <li key={event} className="rounded-md border p-3" data-event={event}>
                <p className="text-sm font-medium break-keep">{labels.events[event]}</p>
                <LockedHint event={event} />
                <div className="mt-2 grid grid-cols-2 gap-x-3 gap-y-2">
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <label key={channel} className="flex items-center gap-2 text-sm">
                      <Switch {...props} event={event} channel={channel} />
                      <span aria-hidden="true">{labels.channels[channel]}</span>
                    </label>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function Table(props: TProps) {
  return (
    <ScrollRegion label={m.title} className="rounded-md border" tableClassName="w-full min-w-[30rem] text-sm">
      <thead className="bg-muted/50 text-left">
        <tr>
          <th scope="col" className="px-3 py-2 font-medium">
            {m.event}
          </th>
          {NOTIFICATION_CHANNELS.map((c) => (
            <th key={c} scope="col" className="w-20 px-2 py-2 text-center font-medium break-keep">
              {labels.channels[c]}
            </th>
          ))}
        </tr>
      </thead>
      {groups.map((g) => (
        <tbody key={g.id} className="border-t">
          <tr>
            <th
              scope="colgroup"
              colSpan={NOTIFICATION_CHANNELS.length + 1}
              className="bg-muted/30 px-3 py-1.5 text-left text-xs font-semibold text-muted-foreground"
            >
              {m.groups[g.id]}
            </th>
          </tr>
          {g.events.map((event) => (
            <tr key={event} className="border-t" data-event={event}>
              <th scope="row" className="px-3 py-2 text-left font-normal break-keep">
                {labels.events[event]}
                <LockedHint event={event} />
              </th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <td key={channel} className="px-2 py-2 text-center">
                  <Switch {...props} event={event} channel={channel} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      ))}
    </ScrollRegion>
  );
}
