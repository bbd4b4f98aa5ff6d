import type { TBooking, TRoom } from '@suite/shared/schemas/rooms';

/** For the rooms tests: a room open 09:00–18:00 every day, with what the test changes. */
export const aRoom = (id: string, name: string, over: Partial<TRoom> = {}): TRoom => ({
  id,
  name,
  location: '3층',
  capacity: 6,
  equipment: [],
  openMinute: 540,
  closeMinute: 1080,
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  active: true,
  openOnHolidays: false,
  ...over,
});

/** For the rooms tests: a confirmed booking the caller may edit, with its times and what the test changes. */
export const aBooking = (over: Partial<TBooking> & Pick<TBooking, 'startsAt' | 'endsAt'>): TBooking => ({
  id: 'b-1',
  roomId: 'r-1',
  roomName: 'r-1',
  title: '주간 회의',
  organizer: { id: 'u', name: '김예약', email: 'a@example.com' },
  attendees: [],
  agenda: '',
  minutes: '',
  status: 'confirmed',
  seriesId: null,
  checkedInAt: null,
  overrideReason: null,
  releaseReason: null,
  canEdit: true,
  canWriteMinutes: true,
  ...over,
});
