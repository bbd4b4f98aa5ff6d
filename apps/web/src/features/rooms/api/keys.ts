/** Query keys of the rooms feature: everything of a seed sits under roomKeys.all (the live stream invalidates it). */
export const roomKeys = {
  all: (seedId: string) => ['rooms', seedId] as const,
  rooms: (seedId: string) => ['rooms', seedId, 'rooms'] as const,
  bookings: (seedId: string, from: string, to: string, mine: boolean) => ['rooms', seedId, 'bookings', from, to, mine] as const,
  free: (seedId: string, q: unknown) => ['rooms', seedId, 'free', q] as const,
  settings: (seedId: string) => ['rooms', seedId, 'settings'] as const,
  stats: (seedId: string, from: string, to: string) => ['rooms', seedId, 'stats', from, to] as const,
  logs: (seedId: string, before: number | undefined) => ['rooms', seedId, 'logs', before] as const,
  members: (seedId: string) => ['rooms', seedId, 'members'] as const,
  calendarFeed: ['calendar-feed'] as const,
};
