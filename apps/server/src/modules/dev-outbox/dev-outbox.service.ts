import type { TDb } from '../../db/client.ts';
import type { TMail } from '../../adapters/mailer.ts';
import * as repo from './dev-outbox.repository.ts';

// The development outbox's public surface: the mailer (built in buildApp) stores mails here when no SMTP host is set.

export function saveToOutbox(db: TDb, mail: TMail): Promise<void> {
  return repo.saveToOutbox(db, mail);
}

export function listOutbox(db: TDb, opts: { to?: string | undefined; limit: number }) {
  return repo.listOutbox(db, opts);
}
