/** Mail (and chat, through the Slack hook) about bookings: reminders with the agenda, minutes after saving. */
import { ko } from '@suite/shared';
import { preformattedHtml as toHtml } from '../../lib/html.ts';
import { formatSlot } from './booking-time.ts';
import type { TBookingRow } from './bookings.repository.ts';
import { sendRoomsChat } from './rooms-chat.service.ts';
import type { TRoomsDeps } from './rooms.deps.ts';

const mail = ko.rooms.mail;

function recipients(row: TBookingRow, withOrganizer: boolean): string[] {
  const list = row.b.attendees.map((a) => a.email.toLowerCase());
  if (withOrganizer) list.unshift(row.organizerEmail.toLowerCase());
  return [...new Set(list)];
}

async function sendAll(deps: TRoomsDeps, to: string[], subject: string, text: string): Promise<void> {
  const results = await Promise.allSettled(to.map((addr) => deps.mailer.send({ to: addr, subject, text, html: toHtml(text), links: [] })));
  for (const r of results) if (r.status === 'rejected') deps.log.warn({ err: r.reason }, 'rooms: mail failed');
}

export async function sendReminder(deps: TRoomsDeps, row: TBookingRow): Promise<void> {
  const when = formatSlot(row.b.startsAt, row.b.endsAt);
  const to = recipients(row, true);
  const text = mail.reminderBody(row.b.title, row.roomName, when, row.b.agenda);
  await sendAll(deps, to, mail.reminderSubject(row.b.title, when), text);
  try {
    await sendRoomsChat({ seedId: row.b.seedId, emails: to, text });
  } catch (err) {
    deps.log.warn({ err }, 'rooms: chat reminder failed');
  }
}

export const minutesRecipients = (row: TBookingRow): string[] => recipients(row, false);

export async function sendMinutes(deps: TRoomsDeps, row: TBookingRow): Promise<void> {
  const when = formatSlot(row.b.startsAt, row.b.endsAt);
  await sendAll(deps, minutesRecipients(row), mail.minutesSubject(row.b.title), mail.minutesBody(row.b.title, row.roomName, when, row.b.minutes));
}
