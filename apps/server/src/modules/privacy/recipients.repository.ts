/**
 * Evidence that a person's data went to an outside service (GET /api/me/data-recipients): the latest time each kind
 * of record shows it, read straight from the owning modules' tables by name, as the data map's subject query does
 * (privacy reads every module's rows of one person; it writes none of them). Only this person's rows are looked at,
 * and only a time comes back. How each service is judged: decision 066.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';

/** Mail actions of the audit log: each is a mail the service sent to the person's address. */
const MAILED_AUDIT = ['auth.email_confirmed', 'auth.password_reset', 'auth.login_locked_mailed', 'auth.identity_link_requested'];

function evidence(userId: string, email: string): Record<string, SQL> {
  const owned = sql`(SELECT id FROM seeds WHERE owner_id = ${userId})`;
  return {
    mail: sql`
      SELECT max(created_at) AS t FROM auth_tokens WHERE user_id = ${userId}
      UNION ALL SELECT max(sent_at) FROM notification_deliveries WHERE user_id = ${userId} AND channel = 'mail' AND status = 'sent'
      UNION ALL SELECT max(created_at) FROM audit_log WHERE actor_id = ${userId} AND action IN (${sql.join(
        MAILED_AUDIT.map((a) => sql`${a}`),
        sql`, `,
      )})
      UNION ALL SELECT max(c.created_at) FROM consents c JOIN users u ON u.id = c.user_id
        WHERE c.user_id = ${userId} AND c.kind IN ('marketing', 'marketing_night') AND c.created_at > u.created_at`,
    llm: sql`
      SELECT max(e.created_at) AS t FROM slack_events e JOIN slack_workspaces w ON w.id = e.workspace_id
        WHERE w.installed_by = ${userId} AND e.slack_user_id <> '' AND e.slack_user_id = w.installer_slack_user_id AND e.mode = 'llm'
      UNION ALL SELECT max(m.created_at) FROM chatbot_messages m
        WHERE m.mode = 'llm' AND m.conversation_id IN (SELECT conversation_id FROM chatbot_tickets WHERE lower(email) = ${email})`,
    slack: sql`
      SELECT max(created_at) AS t FROM slack_workspaces WHERE installed_by = ${userId}
      UNION ALL SELECT max(greatest(w.created_at, m.created_at)) FROM slack_workspaces w JOIN seed_members m ON m.seed_id = w.seed_id
        WHERE m.user_id = ${userId}`,
    toss: sql`
      SELECT max(created_at) AS t FROM billing_payment_methods WHERE seed_id IN ${owned}
      UNION ALL SELECT max(at) FROM billing_payment_attempts WHERE seed_id IN ${owned}`,
    popbill: sql`
      SELECT max(issued_at) AS t FROM billing_tax_invoices WHERE seed_id IN ${owned}
      UNION ALL SELECT max(created_at) FROM billing_invoices WHERE seed_id IN ${owned} AND cash_receipt IS NOT NULL`,
    nts: sql`
      SELECT max(nts_checked_at) AS t FROM billing_businesses WHERE seed_id IN ${owned}
      UNION ALL SELECT max(coalesce(state_checked_at, issued_at)) FROM billing_tax_invoices WHERE seed_id IN ${owned} AND nts_confirm_num IS NOT NULL`,
  };
}

const asDate = (v: unknown): Date | null => (v instanceof Date ? v : v ? new Date(String(v)) : null);

/** The latest evidence per recipient key (null: none), for the keys asked. */
export async function recipientEvidence(db: TDb, userId: string, email: string, keys: readonly string[]): Promise<Record<string, Date | null>> {
  const all = evidence(userId, email.toLowerCase());
  const out: Record<string, Date | null> = {};
  for (const key of keys) {
    const query = all[key];
    if (!query) {
      out[key] = null;
      continue;
    }
    const res = await db.execute(sql`SELECT max(t) AS last FROM (${query}) AS x`);
    out[key] = asDate((res as unknown as { rows: { last: unknown }[] }).rows[0]?.last);
  }
  return out;
}
