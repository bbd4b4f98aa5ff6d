/**
 * Chatbot lookups, the owner's side (issue 29): define, list, edit and delete a bot's lookups. A lookup names an API
 * the API builder published in the bot's seed, one of its tables readable with GET, the column the customer gives
 * (key), the column that proves it is theirs (verify: its last four digits, or the same value) and the columns the
 * bot may say back. Checked against the API builder's published schema through its public service.
 */
import { koChatbotLookups } from '@suite/shared/messages/ko-chatbot-lookups';
import type { TLookup, TLookupInput, TLookupPatch } from '@suite/shared/schemas/chatbot-lookups';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { listApis, listTables } from '../api-builder/api-builder.service.ts';
import { managedBot } from './chatbot.service.ts';
import { lockedCounts } from './lookup-locks.ts';
import type { TChatbotDeps } from './chatbot.deps.ts';
import * as repo from './lookups.repository.ts';

const s = koChatbotLookups.server;
const MAX_LOOKUPS = 20;

type TActor = { id: string; ip: string };

const invalid = (path: string, message: string) => new AppError('VALIDATION_FAILED', message, { details: [{ path, message }] });

function toApi(row: repo.TLookupRow): TLookup {
  return {
    id: row.id,
    name: row.name,
    apiId: row.apiId,
    table: row.tableName,
    keyColumn: row.keyColumn,
    verifyColumn: row.verifyColumn,
    verifyRule: row.verifyRule as TLookup['verifyRule'],
    replyColumns: row.replyColumns,
    labels: row.labels as Record<string, string>,
    keywords: row.keywords,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The definition checked against what the API builder publishes in the seed now: the API (not an admin app's
 * internal one), the table readable with GET, every column present, key ≠ verify, the verification column not said
 * back, labels only for the lookup's own columns.
 */
async function checked(deps: TChatbotDeps, actor: TActor, seedId: string, l: TLookupInput): Promise<TLookupInput> {
  if (!deps.apiBuilder) throw invalid('apiId', s.apiNotPublished);
  const api = (await listApis(deps.apiBuilder, actor, seedId)).find((a) => a.id === l.apiId.toLowerCase());
  if (!api) throw invalid('apiId', s.apiNotPublished);
  if (!api.tables.some((t) => t.name === l.table && t.methods.includes('GET'))) throw invalid('table', s.tableNotPublished(l.table.slice(0, 64)));
  const table = (await listTables(deps.apiBuilder, actor, seedId, api.connectionId, false)).data.find((t) => t.name === l.table);
  if (!table) throw invalid('table', s.tableNotPublished(l.table.slice(0, 64)));
  const names = new Set(table.columns.map((c) => c.name));
  for (const [path, column] of [
    ['keyColumn', l.keyColumn],
    ['verifyColumn', l.verifyColumn],
    ...l.replyColumns.map((c) => ['replyColumns', c] as const),
  ] as const) {
    if (!names.has(column)) throw invalid(path, s.columnMissing(column.slice(0, 64), l.table.slice(0, 64)));
  }
  if (l.keyColumn === l.verifyColumn) throw invalid('verifyColumn', s.sameKeyVerify);
  if (l.replyColumns.includes(l.verifyColumn)) throw invalid('replyColumns', s.replyNotKey);
  const own = new Set([l.keyColumn, l.verifyColumn, ...l.replyColumns]);
  const unknown = Object.keys(l.labels ?? {}).find((c) => !own.has(c));
  if (unknown !== undefined) throw invalid('labels', s.labelUnknown(unknown.slice(0, 64)));
  return { ...l, apiId: api.id };
}

export async function listLookups(deps: TChatbotDeps, userId: string, seedId: string, botId: string): Promise<TLookup[]> {
  await managedBot(deps.db, userId, seedId, botId, { read: true });
  const rows = await repo.listLookups(deps.db, botId);
  const locked = await lockedCounts(
    deps,
    rows.map((r) => r.id),
  );
  return rows.map((r, i) => ({ ...toApi(r), lockedLastHour: locked[i] ?? 0 }));
}

export async function createLookup(deps: TChatbotDeps, actor: TActor, seedId: string, botId: string, input: TLookupInput): Promise<TLookup> {
  await managedBot(deps.db, actor.id, seedId, botId);
  if ((await repo.countLookups(deps.db, botId)) >= MAX_LOOKUPS) throw new AppError('CONFLICT', s.tooMany);
  const l = await checked(deps, actor, seedId, input);
  if (await repo.findByName(deps.db, botId, l.name)) throw new AppError('CONFLICT', s.nameTaken, { details: [{ path: 'name', message: s.nameTaken }] });
  const row = await repo.insertLookup(deps.db, {
    chatbotId: botId,
    name: l.name,
    apiId: l.apiId,
    tableName: l.table,
    keyColumn: l.keyColumn,
    verifyColumn: l.verifyColumn,
    verifyRule: l.verifyRule,
    replyColumns: l.replyColumns,
    labels: l.labels ?? {},
    keywords: l.keywords ?? [],
  });
  return toApi(row);
}

export async function updateLookup(deps: TChatbotDeps, actor: TActor, seedId: string, botId: string, lookupId: string, patch: TLookupPatch): Promise<TLookup> {
  await managedBot(deps.db, actor.id, seedId, botId);
  const row = await repo.findLookup(deps.db, botId, lookupId);
  if (!row) throw new AppError('NOT_FOUND', s.lookupNotFound);
  if (!Object.values(patch).some((v) => v !== undefined)) throw new AppError('VALIDATION_FAILED', koChatbotLookups.validation.nothingToUpdate);
  const current = toApi(row);
  const l = await checked(deps, actor, seedId, {
    name: patch.name ?? current.name,
    apiId: patch.apiId ?? current.apiId,
    table: patch.table ?? current.table,
    keyColumn: patch.keyColumn ?? current.keyColumn,
    verifyColumn: patch.verifyColumn ?? current.verifyColumn,
    verifyRule: patch.verifyRule ?? current.verifyRule,
    replyColumns: patch.replyColumns ?? current.replyColumns,
    labels: patch.labels ?? current.labels,
    keywords: patch.keywords ?? current.keywords,
  });
  const other = await repo.findByName(deps.db, botId, l.name);
  if (other && other.id !== row.id) throw new AppError('CONFLICT', s.nameTaken, { details: [{ path: 'name', message: s.nameTaken }] });
  const updated = await repo.updateLookup(deps.db, row.id, {
    name: l.name,
    apiId: l.apiId,
    tableName: l.table,
    keyColumn: l.keyColumn,
    verifyColumn: l.verifyColumn,
    verifyRule: l.verifyRule,
    replyColumns: l.replyColumns,
    labels: l.labels ?? {},
    keywords: l.keywords ?? [],
    updatedAt: deps.now(),
  });
  return toApi(updated);
}

export async function deleteLookup(db: TDb, userId: string, seedId: string, botId: string, lookupId: string): Promise<void> {
  await managedBot(db, userId, seedId, botId);
  if (!(await repo.deleteLookup(db, botId, lookupId))) throw new AppError('NOT_FOUND', s.lookupNotFound);
}
