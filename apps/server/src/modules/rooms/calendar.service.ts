/**
 * The rooms module's surface for calendar sync (modules/calendar-sync): its deps (to call the booking service with
 * the rooms' rules) and the few facts of bookings and rooms the sync reads.
 */
export { createRoomsDeps, type TNotifier, type TRoomsDeps } from './rooms.deps.ts';
export { bookingFacts, roomSeed, roomsOfSeed } from './calendar-facts.repository.ts';
