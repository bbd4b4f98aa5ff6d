import { desc, eq, lt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { devOutbox } from '../../db/schema.ts';
import type { TMail } from '../../adapters/mailer.ts';

const KEEP = 500;

export async function saveToOutbox(db: TDb, mail: TMail): Promise<void> {
  const [row] = await db
    .insert(devOutbox)
    .values({ toAddress: mail.to, subject: mail.subject, text: mail.text, html: mail.html, links: mail.links })
    .returning({ id: devOutbox.id });
  // Keep the table small: only the newest KEEP mails.
  if (row && row.id % 50 === 0) await db.delete(devOutbox).where(lt(devOutbox.id, row.id - KEEP));
}

export async function listOutbox(db: TDb, opts: { to?: string | undefined; limit: number }) {
  return db
    .select()
    .from(devOutbox)
    .where(opts.to ? eq(sql`lower(${devOutbox.toAddress})`, opts.to.toLowerCase()) : undefined)
    .orderBy(desc(devOutbox.id))
    .limit(opts.limit);
}
