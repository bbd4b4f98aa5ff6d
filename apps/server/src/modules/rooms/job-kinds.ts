/** The rooms' jobs on the app's runner (lib/jobs/catalogue.ts), grouped per booking under one key. */
export const REMINDER_KIND = 'rooms.reminder';
export const RELEASE_KIND = 'rooms.release';
export const jobKeyOf = (bookingId: string) => `booking:${bookingId}`;
