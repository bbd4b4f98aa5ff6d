/**
 * Hourly clean-up of dead rows: refresh tokens past their expiry (reuse detection needs a rotated token only until
 * then), sessions that ended or expired more than 30 days ago, and mail tokens and sign-in flows past expiry for a day.
 * Scheduled on the app's job runner ('auth.prune-expired', one instance per hour).
 */
export { pruneExpired } from './maintenance.repository.ts';
