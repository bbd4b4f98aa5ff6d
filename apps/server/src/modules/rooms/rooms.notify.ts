/**
 * What bookings tell people. Reminders and releases reach members (the organizer, attendees with an account) through
 * the notification service (issue 30: inbox, their channel choices, quiet hours); outside addresses have no account,
 * so they keep a direct reminder mail. The seed's Slack channel hears the reminder too; minutes after saving are mail.
 */
import { ko } from '@suite/shared';
import { preformattedHtml as toHtml } from '../../lib/html.ts';
import { notify } from '../notifications/notifications.service.ts';
import { formatSlot, seoulParts } from './booking-time.ts';
import type { TBookingRow } from './bookings.repository.ts';
import { RELEASE_AFTER_MS } from './job-kinds.ts';
import { sha256 } from '../../lib/tokens.ts';
import { findItems } from './action-items.repository.ts';
import { minutesItemsText } from './action-items.extract.ts';
import { sendRoomsChat } from './rooms-chat.service.ts';
import type { TRoomsDeps } from './rooms.deps.ts';

const mail = ko.rooms.mail;
const notice = ko.notifications.notices;

function recipients(row: TBookingRow, withOrganizer: boolean): string[] {
  const list = row.b.attendees.map((a) => a.email.toLowerCase());
  if (withOrganizer) list.unshift(row.organizerEmail.toLowerCase());
  return [...new Set(list)];
}

async function sendAll(deps: TRoomsDeps, to: string[], subject: string, text: string): Promise<void> {
  const results = await Promise.allSettled(to.map((addr) => deps.mailer.send({ to: addr, subject, text, html: toHtml(text), links: [] })));
  for (const r of results) if (r.status === 'rejected') deps.log.warn({ err: r.reason }, 'rooms: mail failed');
}

/** The booking in the console: the schedule on the meeting's day (Asia/Seoul), naming the booking. */
export const bookingLink = (row: TBookingRow) => `/admin/services/schedule?date=${seoulParts(row.b.startsAt).date}&booking=${row.b.id}`;

/** The organizer and the attendees with an account in the seed, once each. */
const memberIds = (row: TBookingRow) => [...new Set([row.b.organizerId, ...row.b.attendees.flatMap((a) => (a.userId ? [a.userId] : []))])];

/**
 * The reminder before a meeting. A notice per member, once per booking and start time (a job run twice, or a
 * reminder moved by a new lead time, notifies nobody twice; a meeting moved to another time is reminded again).
 * Throws when a notice cannot be written, so the job is retried (the notices already written are not repeated).
 */
export async function sendReminder(deps: TRoomsDeps, row: TBookingRow): Promise<void> {
  const when = formatSlot(row.b.startsAt, row.b.endsAt);
  const text = mail.reminderBody(row.b.title, row.roomName, when, row.b.agenda);
  const title = notice.roomsReminderTitle(row.b.title, when);
  const link = bookingLink(row);
  for (const userId of memberIds(row)) {
    await notify(deps.notifications, 'rooms.reminder', {
      userId,
      seedId: row.b.seedId,
      title,
      body: text.trim(),
      link,
      dedupeKey: `rooms-reminder:${row.b.id}:${row.b.startsAt.getTime()}`,
    });
  }
  const outside = row.b.attendees.filter((a) => !a.userId && a.email.toLowerCase() !== row.organizerEmail.toLowerCase());
  await sendAll(deps, [...new Set(outside.map((a) => a.email.toLowerCase()))], mail.reminderSubject(row.b.title, when), text);
  try {
    await sendRoomsChat({ seedId: row.b.seedId, emails: recipients(row, true), text });
  } catch (err) {
    deps.log.warn({ err }, 'rooms: chat reminder failed');
  }
}

/** The organizer hears that a booking nobody checked in to was released (once per booking). */
export async function sendReleased(deps: TRoomsDeps, row: TBookingRow): Promise<void> {
  const when = formatSlot(row.b.startsAt, row.b.endsAt);
  await notify(deps.notifications, 'rooms.released', {
    userId: row.b.organizerId,
    seedId: row.b.seedId,
    title: notice.roomsReleasedTitle(row.b.title),
    body: notice.roomsReleasedBody(row.b.title, row.roomName, when, RELEASE_AFTER_MS / 60_000),
    link: bookingLink(row),
    dedupeKey: `rooms-released:${row.b.id}`,
  });
}

export const minutesRecipients = (row: TBookingRow): string[] => recipients(row, false);

export async function sendMinutes(deps: TRoomsDeps, row: TBookingRow): Promise<void> {
  const when = formatSlot(row.b.startsAt, row.b.endsAt);
  // The decisions and action items read from these minutes, when they are ready (issue 37): outside attendees have no
  // inbox for the notice, so the mail carries them.
  const items = await findItems(deps.db, row.b.id, sha256(row.b.minutes));
  const extra = items && (items.decisions.length || items.actions.length) ? `\n${minutesItemsText(items)}\n` : '';
  await sendAll(deps, minutesRecipients(row), mail.minutesSubject(row.b.title), mail.minutesBody(row.b.title, row.roomName, when, row.b.minutes) + extra);
}
