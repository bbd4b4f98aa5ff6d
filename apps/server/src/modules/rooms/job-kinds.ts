/** The rooms' jobs on the app's runner (lib/jobs/catalogue.ts), grouped per booking under one key. */
export const REMINDER_KIND = 'rooms.reminder';
export const RELEASE_KIND = 'rooms.release';
/** A booking nobody checked in to is released this long after its start. */
export const RELEASE_AFTER_MS = 10 * 60_000;
export const jobKeyOf = (bookingId: string) => `booking:${bookingId}`;
