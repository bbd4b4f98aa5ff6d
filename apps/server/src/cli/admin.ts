/**
 * `npm run admin -- promote <email>` / `npm run admin -- demote <email>`: grants or removes the platform admin role
 * from the command line (same DATABASE_URL / DATA_DIR configuration as the server). Demoting the last active admin
 * is refused. Both are written to the audit log without an actor (metadata.via = 'cli').
 */
import { fileURLToPath } from 'node:url';
import { ko } from '@suite/shared';
import { AppError } from '../lib/app-error.ts';
import { writeAudit } from '../lib/audit.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase, type TDb } from '../db/client.ts';
import { lockAdminChanges, patchUser } from '../modules/admin-users/admin-users.repository.ts';
import { assertKeepsAnAdmin } from '../modules/admin-users/admin-users.service.ts';
import { findUserByEmail } from '../modules/auth/user.repository.ts';

const t = ko.console.cli;

export type TCliResult = { code: number; message: string };

export async function runAdminCommand(db: TDb, args: string[]): Promise<TCliResult> {
  const [command, rawEmail] = args;
  if ((command !== 'promote' && command !== 'demote') || !rawEmail) return { code: 2, message: t.usage };
  const email = rawEmail.trim().toLowerCase();
  try {
    return await db.transaction(async (tx) => {
      await lockAdminChanges(tx);
      const user = await findUserByEmail(tx, email);
      if (!user || user.deletedAt) return { code: 1, message: t.notFound(email) };
      if (command === 'promote') {
        if (user.role === 'admin') return { code: 0, message: t.alreadyAdmin(email) };
        await patchUser(tx, user.id, { role: 'admin' }, new Date());
      } else {
        if (user.role !== 'admin') return { code: 0, message: t.notAdmin(email) };
        await assertKeepsAnAdmin(tx, user);
        await patchUser(tx, user.id, { role: 'user' }, new Date());
      }
      await writeAudit(tx as TDb, {
        action: command === 'promote' ? 'admin.user_promoted' : 'admin.user_demoted',
        targetType: 'user',
        targetId: user.id,
        metadata: { label: email, via: 'cli', from: user.role },
      });
      return { code: 0, message: command === 'promote' ? t.promoted(email) : t.demoted(email) };
    });
  } catch (err) {
    if (err instanceof AppError) return { code: 1, message: err.message };
    throw err;
  }
}

async function main(): Promise<void> {
  let code = 1;
  try {
    const config = loadConfig();
    const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
    try {
      const result = await runAdminCommand(database.db, process.argv.slice(2));
      (result.code === 0 ? console.log : console.error)(result.message);
      code = result.code;
    } finally {
      await database.close();
    }
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : `실행하지 못했습니다: ${err instanceof Error ? err.message : String(err)}`);
  }
  process.exit(code);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
