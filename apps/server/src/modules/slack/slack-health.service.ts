/**
 * What the monitoring advisors and alerts may know of the Slack workspaces (issue 30): the connected ones an alert can
 * be posted in, and the ones whose token Slack revoked.
 */
import type { TDb } from '../../db/client.ts';
import * as repo from './slack.repository.ts';

const WEEK_MS = 7 * 86_400_000;

export function postableWorkspaces(db: TDb): Promise<{ seedId: string; teamName: string }[]> {
  return repo.postableWorkspaces(db, 100);
}

/** Names of workspaces whose token Slack revoked (or that Slack disconnected in the last week and nobody reconnected). */
export function revokedWorkspaces(db: TDb, now: Date): Promise<string[]> {
  return repo.revokedWorkspaceNames(db, new Date(now.getTime() - WEEK_MS));
}
