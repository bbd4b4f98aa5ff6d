/** The session policy, shared by the guard and the refresh: whether a session is within its absolute lifetime and idle timeout. */
export function sessionIsLive(session: { revokedAt: Date | null; expiresAt: Date; lastUsedAt: Date }, now: Date, idleTimeoutMs: number): boolean {
  if (session.revokedAt) return false;
  if (session.expiresAt.getTime() <= now.getTime()) return false;
  return session.lastUsedAt.getTime() + idleTimeoutMs > now.getTime();
}
