/** What the sync needs of a calendar, whichever the provider (google-calendar.ts, caldav-calendar.ts). */

export type TRemoteAttendee = { email: string; status: string };

export type TRemoteEvent = {
  /** Google event id or CalDAV resource href. */
  id: string;
  etag: string | null;
  cancelled: boolean;
  title: string;
  description: string;
  start: Date;
  end: Date;
  /** The connected member organises it (only the organiser's connection books a room from it). */
  organizerSelf: boolean;
  attendees: TRemoteAttendee[];
  recurring: boolean;
};

/** A suite booking as written to a calendar. */
export type TOutEvent = {
  bookingId: string;
  title: string;
  description: string;
  start: Date;
  end: Date;
  organizer: { email: string; name: string };
  attendees: { email: string; name: string | null }[];
  room: { email: string; name: string };
};

export type TCalendarClient = {
  /** Changes since `token` (null: everything from now on); a token the server no longer accepts → a full listing. */
  changes: (token: string | null) => Promise<{ events: TRemoteEvent[]; token: string | null }>;
  /** Creates (no `existing`) or updates the booking's event; idempotent per booking. */
  put: (ev: TOutEvent, existing: { remoteId: string; etag: string | null } | null) => Promise<{ remoteId: string; etag: string | null }>;
  remove: (remoteId: string, etag: string | null) => Promise<void>;
  /** The room's answer on the organiser's event: accepted, or declined with the Korean reason. */
  answerRoom: (remoteId: string, roomEmail: string, answer: 'accepted' | 'declined', reason?: string) => Promise<{ etag: string | null }>;
  /** Moves a remote event (a remote-origin booking moved here). */
  move: (remoteId: string, start: Date, end: Date) => Promise<{ etag: string | null }>;
};

export class CalendarHttpError extends Error {
  readonly status: number;
  constructor(what: string, status: number) {
    super(`${what}: HTTP ${status}`);
    this.status = status;
  }
}
