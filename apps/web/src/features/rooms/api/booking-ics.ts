import { apiRaw } from '@/lib/api';

/** One booking as an .ics file, through the API client (the token travels in the header, never in a link). */
export const getBookingIcs = async (seedId: string, bookingId: string): Promise<string> =>
  (await apiRaw(`/api/seeds/${seedId}/bookings/${bookingId}/ics`, { headers: { accept: 'text/calendar' } })).text();
