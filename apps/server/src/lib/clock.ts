/** The clock every time-based rule reads (sessions, jobs, quotas); built once in buildApp, moved by tests. */
export type TClock = () => Date;

export const systemClock: TClock = () => new Date();
