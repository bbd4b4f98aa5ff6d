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
  disabled?: boolean;
};

/** Event × channel: one checkbox per cell, named "<event> — <channel>"; security's console and mail shown on and locked. */
export function PreferenceMatrix({ events, onChange, disabled = false }: TProps) {
  return (
    <ScrollRegion label={m.title} className="rounded-md border" tableClassName="w-full min-w-[20rem] text-sm">
      <thead className="bg-muted/50 text-left">
        <tr>
          <th scope="col" className="px-3 py-2 font-medium">
            {m.event}
          </th>
          {NOTIFICATION_CHANNELS.map((c) => (
            <th key={c} scope="col" className="w-14 px-1 py-2 text-center font-medium break-keep sm:w-20 sm:px-2">
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
                {NOTIFICATION_EVENTS[event].locked ? (
                  <span className="mt-0.5 flex items-center gap-1 text-xs text-muted-foreground">
                    <Lock className="size-3" aria-hidden="true" /> {m.lockedHint}
                  </span>
                ) : null}
              </th>
              {NOTIFICATION_CHANNELS.map((channel) => {
                const locked = isLockedSwitch(event, channel);
                return (
                  <td key={channel} className="px-1 py-2 text-center sm:px-2">
                    <Checkbox
                      aria-label={m.toggle(labels.events[event], labels.channels[channel])}
                      checked={locked || events[event][channel]}
                      disabled={disabled || locked}
                      title={locked ? m.locked : undefined}
                      onCheckedChange={(v) => onChange(event, channel, v === true)}
                      className="size-5 align-middle"
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      ))}
    </ScrollRegion>
  );
}
