/**
 * Writes made by other applications directly in the customer's database.
 *
 * PostgreSQL ("trigger" mode, installed only when the user consents in the console): a statement-level trigger on
 * every published table calls `pg_notify('suite_api_builder', table)`; each server instance LISTENs on one dedicated
 * connection per connection and bumps the table's cache version on every notification. While that listener is not
 * connected, the API falls back to TTL caching (never serves an entry it cannot vouch for).
 *
 * MySQL/MariaDB ("probe" mode): no notification channel without binlog access, so each cached GET first reads
 * UPDATE_TIME of the tables it touches (one cheap information_schema query) and uses it as part of the cache key.
 */
import pg from 'pg';
import type { TEngine } from './engines/engine.ts';
import { assertNotOwnDatabase } from './connect.ts';
import { pgClientConfig } from './engines/pg-engine.ts';
import type { TConnectTarget } from './engines/engine.ts';

export const NOTIFY_CHANNEL = 'suite_api_builder';
const FN = 'suite_api_builder_notify';
const TRIGGER = 'suite_api_builder_changes';

export async function installTriggers(engine: TEngine, tables: string[]): Promise<void> {
  const q = engine.quote;
  await engine.transaction(async (run) => {
    await run(
      `CREATE OR REPLACE FUNCTION ${FN}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('${NOTIFY_CHANNEL}', TG_TABLE_NAME); RETURN NULL; END $$`,
    );
    for (const t of tables) {
      await run(`DROP TRIGGER IF EXISTS ${TRIGGER} ON ${q(t)}`);
      await run(`CREATE TRIGGER ${TRIGGER} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${q(t)} FOR EACH STATEMENT EXECUTE FUNCTION ${FN}()`);
    }
    await installRowTriggers(run, q, tables);
  });
}

/**
 * Live changes (issue 36, decision 091): per table, statement-level triggers with a transition table that announce
 * the operation and the primary keys of the rows it changed on ROW_CHANNEL — `{"t":table,"op":"insert","n":rows,
 * "pk":[{"id":42}]}`, `pk` null above ROW_PK_MAX rows, for a table without a primary key, or when the payload would
 * not fit NOTIFY's 8000 bytes. Best effort per table (a savepoint each): where PostgreSQL refuses a transition table
 * (an inheritance child), the table keeps its cache trigger and its streams get table-level events only.
 */
export const ROW_CHANNEL = 'suite_api_builder_rows';
const ROW_FN = 'suite_api_builder_notify_rows';
export const ROW_TRIGGERS = ['suite_api_builder_rows_ins', 'suite_api_builder_rows_upd', 'suite_api_builder_rows_del', 'suite_api_builder_rows_trn'];
const ROW_PK_MAX = 50;
const ROWS = 'suite_api_builder_changed';

type TRun = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

async function installRowTriggers(run: TRun, q: (s: string) => string, tables: string[]): Promise<void> {
  if (!tables.length) return;
  await run(
    `CREATE OR REPLACE FUNCTION ${ROW_FN}() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE n bigint := NULL; pks jsonb := NULL; payload text;
BEGIN
  IF TG_OP <> 'TRUNCATE' THEN
    EXECUTE 'SELECT count(*) FROM ${ROWS}' INTO n;
    IF n = 0 THEN RETURN NULL; END IF;
    IF TG_NARGS > 0 AND n <= ${ROW_PK_MAX} THEN
      EXECUTE 'SELECT jsonb_agg((SELECT jsonb_object_agg(c, to_jsonb(r) -> c) FROM unnest($1::text[]) c)) FROM ${ROWS} r' INTO pks USING TG_ARGV;
    END IF;
  END IF;
  payload := jsonb_build_object('t', TG_TABLE_NAME, 'op', lower(TG_OP), 'n', n, 'pk', pks)::text;
  IF octet_length(payload) > 7900 THEN payload := jsonb_build_object('t', TG_TABLE_NAME, 'op', lower(TG_OP), 'n', n, 'pk', NULL)::text; END IF;
  PERFORM pg_notify('${ROW_CHANNEL}', payload);
  RETURN NULL;
END $$`,
  );
  const keys = await run(
    `SELECT c.relname AS t, array_agg(a.attname::text ORDER BY array_position(i.indkey::int2[], a.attnum)) AS pk FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey) WHERE i.indisprimary AND c.relnamespace = current_schema()::regnamespace AND c.relname = ANY($1) GROUP BY c.relname`,
    [tables],
  );
  const pkOf = new Map(keys.rows.map((r) => [String(r.t), (r.pk as string[]).map((c) => `'${c.replace(/'/g, "''")}'`).join(', ')]));
  const [ins, upd, del, trn] = ROW_TRIGGERS;
  for (const t of tables) {
    const args = pkOf.get(t) ?? '';
    await run('SAVEPOINT suite_rows');
    try {
      for (const name of ROW_TRIGGERS) await run(`DROP TRIGGER IF EXISTS ${name} ON ${q(t)}`);
      await run(`CREATE TRIGGER ${ins} AFTER INSERT ON ${q(t)} REFERENCING NEW TABLE AS ${ROWS} FOR EACH STATEMENT EXECUTE FUNCTION ${ROW_FN}(${args})`);
      await run(`CREATE TRIGGER ${upd} AFTER UPDATE ON ${q(t)} REFERENCING NEW TABLE AS ${ROWS} FOR EACH STATEMENT EXECUTE FUNCTION ${ROW_FN}(${args})`);
      await run(`CREATE TRIGGER ${del} AFTER DELETE ON ${q(t)} REFERENCING OLD TABLE AS ${ROWS} FOR EACH STATEMENT EXECUTE FUNCTION ${ROW_FN}(${args})`);
      await run(`CREATE TRIGGER ${trn} AFTER TRUNCATE ON ${q(t)} FOR EACH STATEMENT EXECUTE FUNCTION ${ROW_FN}()`);
      await run('RELEASE SAVEPOINT suite_rows');
    } catch {
      await run('ROLLBACK TO SAVEPOINT suite_rows');
    }
  }
}

/** Installs the live-change triggers where a trigger-mode API's tables lack them (consent given before they existed). */
export async function ensureRowTriggers(engine: TEngine, tables: string[]): Promise<void> {
  if (!tables.length) return;
  const have = await engine.query(
    `SELECT count(DISTINCT tgrelid)::int AS n FROM pg_trigger WHERE tgname = $1 AND tgrelid IN (SELECT c.oid FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = ANY($2))`,
    [ROW_TRIGGERS[0], tables],
  );
  if (Number(have.rows[0]?.n ?? 0) >= tables.length) return;
  await engine.transaction((run) => installRowTriggers(run, engine.quote, tables));
}

export async function removeTriggers(engine: TEngine, tables: string[]): Promise<void> {
  await engine.transaction(async (run) => {
    for (const t of tables) {
      await run(`DROP TRIGGER IF EXISTS ${TRIGGER} ON ${engine.quote(t)}`);
      for (const name of ROW_TRIGGERS) await run(`DROP TRIGGER IF EXISTS ${name} ON ${engine.quote(t)}`);
    }
  });
}

export type TListener = { healthy: () => boolean; close: () => Promise<void> };

/**
 * One LISTEN connection, reconnecting after a failure; `onTable` gets the table name of each change. After every
 * (re)connect, once LISTEN is in place, `onReady` runs before the listener reports healthy: changes made while nobody
 * listened were not notified, so the caller makes everything cached before unreachable there (version bump).
 */
export function listen(
  target: TConnectTarget,
  onTable: (table: string) => void,
  onError: (err: unknown) => void,
  onReady: () => Promise<void> = async () => undefined,
  /** Live changes: the JSON payload of each ROW_CHANNEL notification (installRowTriggers). */
  onRow?: (payload: string) => void,
): TListener {
  let client: pg.Client | undefined;
  let ok = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ ...pgClientConfig(target), statement_timeout: 0 });
    client = c;
    const fail = (err: unknown) => {
      ok = false;
      onError(err);
      c.end().catch(() => undefined);
      if (!closed && client === c) retry = setTimeout(() => void connect(), 2_000);
    };
    c.on('error', fail);
    c.on('notification', (n) => {
      if (n.channel === NOTIFY_CHANNEL && n.payload) onTable(n.payload);
      else if (n.channel === ROW_CHANNEL && n.payload) onRow?.(n.payload);
    });
    try {
      await c.connect();
      await assertNotOwnDatabase(async (text) => (await c.query(text)).rows as Record<string, unknown>[], target.ownDatabaseUrl);
      await c.query(`LISTEN ${NOTIFY_CHANNEL}`);
      if (onRow) await c.query(`LISTEN ${ROW_CHANNEL}`);
      await onReady();
      if (client === c && !closed) ok = true;
    } catch (err) {
      fail(err);
    }
  };
  void connect();
  return {
    healthy: () => ok,
    async close() {
      closed = true;
      ok = false;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * MySQL/MariaDB: UPDATE_TIME per table and the server's clock, in one query, as epoch seconds (null where the server
 * keeps none). InnoDB stamps UPDATE_TIME with the second its transaction *started*, read from a coarse clock, so a
 * commit can carry a second earlier than NOW() at that moment; callers leave a margin (see PROBE_MARGIN_S).
 */
export async function probeUpdateTimes(engine: TEngine, tables: string[]): Promise<{ times: (number | null)[]; now: number }> {
  const r = await engine.query(
    `SELECT TABLE_NAME AS t, UNIX_TIMESTAMP(UPDATE_TIME) AS u, UNIX_TIMESTAMP(NOW()) AS now FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (${tables.map(() => '?').join(', ')})`,
    tables,
  );
  const byName = new Map(r.rows.map((row) => [String(row.t), row.u === null || row.u === undefined ? null : Number(row.u)]));
  const now = r.rows[0]?.now;
  return { times: tables.map((t) => byName.get(t) ?? null), now: now === null || now === undefined ? Number.NaN : Number(now) };
}

/**
 * A probe vouches for a response only when every table's last change is at least this many seconds older than the
 * server's current second: InnoDB's start-of-transaction, coarse-clock stamp can otherwise repeat the stored second for
 * a commit that lands just after the response was read.
 */
export const PROBE_MARGIN_S = 2;
/** Probe-mode entries also expire: a transaction open longer than the margin is stamped with its (old) start second. */
export const PROBE_TTL_MS = 60_000;
