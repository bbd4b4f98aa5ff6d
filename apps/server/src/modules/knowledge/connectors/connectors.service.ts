/**
 * Knowledge connectors (issue 35, decision 089): a Slack workspace's Google Drive folders and Notion pages become
 * knowledge sources of that workspace, re-synced on the job runner; each item keeps who may read it in its source
 * system, and `citableHits` drops the passages the asking person may not read there.
 */
import { ko } from '@suite/shared';
import type { TConnector, TConnectorUpdateInput } from '@suite/shared/schemas/connectors';
import type { TConfig } from '../../../config.ts';
import type { TDb } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { TDocumentPool } from '../../../lib/document-pool.ts';
import { decryptSecret, encryptSecret } from '../../../lib/secret-box.ts';
import { PREPARE_URL, type TPreparedPassage } from '../knowledge.prepare.ts';
import * as krepo from '../knowledge.repository.ts';
import { prepareText } from '../knowledge.service.ts';
import { mayRead } from './access.ts';
import * as repo from './connectors.repository.ts';
import type { TItemAccess } from './connectors.repository.ts';
import {
  DRIVE_MAX_BYTES,
  DriveHttpError,
  driveClient,
  DriveTooLargeError,
  GDOC,
  GSHEET,
  PDF,
  type TDriveClient,
  type TDriveFile,
  type TDrivePermission,
} from './drive-client.ts';
import { NotionHttpError, notionClient, notionTitle, propertyLines, type TNotionClient } from './notion-client.ts';

const m = ko.connectors.server;

export type TConnectorDeps = {
  db: TDb;
  config: TConfig;
  documents: TDocumentPool;
  now: () => Date;
  log: { warn: (o: object, msg: string) => void };
  /** Tests hand in clients; production builds them from the configured base URLs. */
  drive?: (refreshToken: string) => TDriveClient;
  notion?: (token: string) => TNotionClient;
};

const driveOf = (deps: TConnectorDeps, token: string) => (deps.drive ? deps.drive(token) : driveClient(deps.config.google, token));
const notionOf = (deps: TConnectorDeps, token: string) => (deps.notion ? deps.notion(token) : notionClient(deps.config.notionApiUrl, token));

/**
 * `viewerEmail`: the caller is not a manager of the workspace, so the list names only the items the source lets that
 * address read (a member must not learn the titles of files never shared with them); managers see every item.
 */
export async function toApi(db: TDb, c: repo.TConnectionRow, viewerEmail?: string): Promise<TConnector> {
  const all = await repo.listItems(db, c.id);
  const isPublic = (i: (typeof all)[number]) => (c.kind === 'notion' ? c.publicPageIds.includes(i.externalId) : i.access.anyone);
  const items = viewerEmail === undefined ? all : all.filter((i) => isPublic(i) || mayRead(i.access, viewerEmail));
  return {
    id: c.id,
    kind: c.kind === 'notion' ? 'notion' : 'google_drive',
    account: c.account,
    status: c.status === 'error' ? 'error' : 'active',
    last_sync_at: c.lastSyncAt?.toISOString() ?? null,
    last_error: c.lastError,
    folder_ids: c.folderIds,
    public_page_ids: c.publicPageIds,
    items: items.map((i) => ({ id: i.externalId, title: i.title, public: isPublic(i) })),
  };
}

export async function listConnectors(db: TDb, workspaceId: string, viewerEmail?: string): Promise<TConnector[]> {
  return Promise.all((await repo.listConnections(db, workspaceId)).map((c) => toApi(db, c, viewerEmail)));
}

export async function connectionOf(db: TDb, workspaceId: string, id: string) {
  const c = await repo.findConnection(db, id);
  if (!c || c.slackWorkspaceId !== workspaceId) throw new AppError('NOT_FOUND', m.notFound);
  return c;
}

/** Checks the Notion token with Notion (a refused one: 400 with a Korean reason), seals it, stores and syncs once. */
export async function connectNotion(deps: TConnectorDeps, ws: { id: string; seedId: string }, userId: string, token: string): Promise<TConnector> {
  let account: string;
  try {
    account = (await notionOf(deps, token).me()).name;
  } catch (err) {
    if (err instanceof NotionHttpError && (err.status === 401 || err.status === 403)) throw new AppError('BAD_REQUEST', m.notionBadToken);
    throw new AppError('BAD_REQUEST', m.notionUnreachable);
  }
  const row = await repo.insertConnection(deps.db, {
    seedId: ws.seedId,
    slackWorkspaceId: ws.id,
    kind: 'notion',
    tokenEnc: encryptSecret(deps.config.encryptionKey, token),
    account,
    createdBy: userId,
  });
  return toApi(deps.db, await syncConnection(deps, row.id));
}

/** A Drive connection from the OAuth callback (the refresh token sealed). */
export async function connectDrive(deps: TConnectorDeps, ws: { id: string; seedId: string }, userId: string, refreshToken: string, email: string) {
  return repo.insertConnection(deps.db, {
    seedId: ws.seedId,
    slackWorkspaceId: ws.id,
    kind: 'google_drive',
    tokenEnc: encryptSecret(deps.config.encryptionKey, refreshToken),
    account: email,
    createdBy: userId,
  });
}

export async function updateConnector(deps: TConnectorDeps, workspaceId: string, id: string, input: TConnectorUpdateInput): Promise<TConnector> {
  const c = await connectionOf(deps.db, workspaceId, id);
  await repo.updateConnection(deps.db, c.id, {
    ...(input.folder_ids && c.kind === 'google_drive' ? { folderIds: [...new Set(input.folder_ids)] } : {}),
    ...(input.public_page_ids && c.kind === 'notion' ? { publicPageIds: [...new Set(input.public_page_ids.map(normalId))] } : {}),
  });
  return toApi(deps.db, await syncConnection(deps, c.id));
}

export async function disconnectConnector(db: TDb, workspaceId: string, id: string) {
  const c = await connectionOf(db, workspaceId, id);
  await repo.deleteConnection(db, c.id);
}

const normalId = (id: string) => id.replace(/-/g, '').toLowerCase();

type TWanted = { id: string; title: string; version: string; url: string; access: TItemAccess; text: () => Promise<{ text: string } | { pdf: Buffer }> };

/**
 * Stores the wanted items (new or changed: text again; unchanged: access only) and removes those no longer there.
 * A file found over DRIVE_MAX_BYTES while reading (its listed size lied) is skipped, its title returned.
 */
async function reconcile(deps: TConnectorDeps, c: repo.TConnectionRow, wanted: TWanted[]): Promise<string[]> {
  const tooBig: string[] = [];
  const items = new Map((await repo.listItems(deps.db, c.id)).map((i) => [i.externalId, i]));
  const keep = new Set(wanted.map((w) => w.id));
  for (const [id, item] of items) if (!keep.has(id)) await repo.deleteItemSource(deps.db, item.sourceId);
  for (const w of wanted) {
    const item = items.get(w.id);
    if (item && item.version === w.version) {
      if (JSON.stringify(item.access) !== JSON.stringify(w.access) || item.title !== w.title)
        await repo.updateItem(deps.db, c.id, w.id, { access: w.access, title: w.title });
      continue;
    }
    let body: Awaited<ReturnType<TWanted['text']>>;
    try {
      body = await w.text();
    } catch (err) {
      if (!(err instanceof DriveTooLargeError)) throw err;
      tooBig.push(w.title);
      if (item) await repo.deleteItemSource(deps.db, item.sourceId);
      continue;
    }
    let content: string;
    let passages: TPreparedPassage[];
    if ('pdf' in body) {
      const r = await deps.documents.pdf(body.pdf, { prepare: PREPARE_URL, title: w.title });
      content = r.text;
      passages = r.prepared as TPreparedPassage[];
    } else {
      content = body.text;
      passages = prepareText(w.title, body.text);
    }
    if (!content.trim() || !passages.length) {
      if (item) await repo.deleteItemSource(deps.db, item.sourceId);
      continue;
    }
    const itemRow = { title: w.title.slice(0, 200), version: w.version, access: w.access };
    if (item) {
      const source = await krepo.findSource(deps.db, item.sourceId);
      if (source) {
        await krepo.replaceContent(deps.db, { ...source, title: itemRow.title }, content, passages, deps.now(), (tx) =>
          repo.updateItem(tx, c.id, w.id, itemRow),
        );
        continue;
      }
    }
    await krepo.insertSource(
      deps.db,
      {
        seedId: c.seedId,
        chatbotId: null,
        slackWorkspaceId: c.slackWorkspaceId,
        createdBy: c.createdBy,
        kind: 'pdf' in body ? 'pdf' : 'text',
        title: itemRow.title,
        sourceUrl: w.url,
        content,
        fetchedAt: deps.now(),
      },
      passages,
      (tx, row) => repo.insertItem(tx, { connectionId: c.id, externalId: w.id, sourceId: row.id, ...itemRow }),
    );
  }
  return tooBig;
}

/** Drive permissions → who may read: addresses (users, groups), domains, anyone with the link. */
export function driveAccess(perms: TDrivePermission[]): TItemAccess {
  const emails = perms.flatMap((p) => ((p.type === 'user' || p.type === 'group') && p.emailAddress ? [p.emailAddress.toLowerCase()] : []));
  const domains = perms.flatMap((p) => (p.type === 'domain' && p.domain ? [p.domain.toLowerCase()] : []));
  return { emails: [...new Set(emails)].sort(), domains: [...new Set(domains)].sort(), anyone: perms.some((p) => p.type === 'anyone') };
}

const SUPPORTED = new Set([GDOC, GSHEET, PDF]);

async function syncDrive(deps: TConnectorDeps, c: repo.TConnectionRow) {
  const drive = driveOf(deps, decryptSecret(deps.config.encryptionKey, c.tokenEnc));
  // The changes cursor: trashed or removed files are dropped at once, whatever the listing below finds.
  let pageToken = c.pageToken;
  if (pageToken) {
    const ch = await drive.changes(pageToken);
    const gone = new Set(ch.changes.filter((x) => x.removed || x.file?.trashed).map((x) => x.fileId));
    for (const item of await repo.listItems(deps.db, c.id)) if (gone.has(item.externalId)) await repo.deleteItemSource(deps.db, item.sourceId);
    pageToken = ch.newStartPageToken;
  } else pageToken = await drive.startPageToken();
  const files = new Map<string, TDriveFile>();
  for (const folder of c.folderIds) {
    try {
      for (const f of await drive.folderFiles(folder)) if (SUPPORTED.has(f.mimeType) && !f.trashed) files.set(f.id, f);
    } catch (err) {
      if (err instanceof DriveHttpError && err.status === 404) throw new AppError('BAD_REQUEST', m.driveFolderMissing(folder));
      throw err;
    }
  }
  const wanted: TWanted[] = [];
  const tooBig: string[] = [];
  for (const f of files.values()) {
    // Skipped before any download: a file whose listed size is over the limit (the read below is capped too).
    if (f.size !== undefined && Number(f.size) > DRIVE_MAX_BYTES) {
      tooBig.push(f.name);
      continue;
    }
    wanted.push({
      id: f.id,
      title: f.name,
      version: f.modifiedTime,
      url:
        f.mimeType === GDOC
          ? `https://docs.google.com/document/d/${f.id}/edit`
          : f.mimeType === GSHEET
            ? `https://docs.google.com/spreadsheets/d/${f.id}/edit`
            : `https://drive.google.com/file/d/${f.id}/view`,
      // Permissions change without a new modifiedTime: read on every sync.
      access: driveAccess(await drive.permissions(f.id)),
      text: async () =>
        f.mimeType === PDF
          ? { pdf: await drive.download(f.id) }
          : { text: f.mimeType === GSHEET ? csvText(await drive.exportText(f.id, 'text/csv')) : await drive.exportText(f.id, 'text/plain') },
    });
  }
  tooBig.push(...(await reconcile(deps, c, wanted)));
  return { pageToken, note: tooBig.length ? m.driveTooBig(tooBig, DRIVE_MAX_BYTES / 1_048_576) : null };
}

/** A sheet's CSV as lines "열: 값, 열: 값" under its header row, so each row reads (and is found) on its own. */
export function csvText(csv: string): string {
  const rows = csv
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((l) => l.trim())
    .map(parseCsvLine);
  const [head, ...rest] = rows;
  if (!head) return '';
  return rest
    .map((r) =>
      r
        .map((v, i) => (v ? `${head[i] || `열${i + 1}`}: ${v}` : ''))
        .filter(Boolean)
        .join(', '),
    )
    .join('\n\n');
}

function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

async function syncNotion(deps: TConnectorDeps, c: repo.TConnectionRow) {
  const notion = notionOf(deps, decryptSecret(deps.config.encryptionKey, c.tokenEnc));
  const members = await notion.memberEmails();
  const marked = new Set(c.publicPageIds.map(normalId));
  const pages = new Map<string, { page: Parameters<typeof notionTitle>[0]; prefix: string; parent: string | null }>();
  for (const o of await notion.shared()) {
    if (o.archived || o.in_trash) continue;
    if (o.object === 'page') pages.set(o.id, { page: o, prefix: '', parent: null });
    else
      for (const row of await notion.databaseRows(o.id))
        if (!row.archived && !row.in_trash) pages.set(row.id, { page: row, prefix: `${notionTitle(o)} · `, parent: o.id });
  }
  const wanted: TWanted[] = [...pages.values()].map(({ page, prefix, parent }) => {
    const title = `${prefix}${notionTitle(page)}`;
    // Notion's API does not say who may read a page: only pages marked 전체 공개 are cited, and only to the Notion
    // workspace's members (decision 089). A database marked so makes its rows so.
    const isPublic = marked.has(normalId(page.id)) || (parent !== null && marked.has(normalId(parent)));
    return {
      id: page.id,
      title,
      version: page.last_edited_time,
      url: `https://www.notion.so/${normalId(page.id)}`,
      access: { emails: isPublic ? [...members].sort() : [], domains: [], anyone: false, workspace: isPublic },
      text: async () => ({ text: [`# ${title}`, ...propertyLines(page), await notion.pageText(page.id)].filter(Boolean).join('\n') }),
    };
  });
  await reconcile(deps, c, wanted);
  return { pageToken: null, note: null };
}

/** The sync's error as the console shows it (Korean, no details of the outside service). */
function errorText(err: unknown, kind: string): string {
  if (err instanceof AppError) return err.message;
  if (err instanceof NotionHttpError) return err.status === 401 || err.status === 403 ? m.notionBadToken : m.notionUnreachable;
  if (err instanceof DriveHttpError) return err.status === 401 || err.status === 403 ? m.driveExpired : m.driveUnreachable;
  return kind === 'notion' ? m.notionUnreachable : m.driveUnreachable;
}

/** One sync of one connection; a failure is recorded on the connection (status error, Korean reason), never thrown. */
export async function syncConnection(deps: TConnectorDeps, id: string): Promise<repo.TConnectionRow> {
  const c = await repo.findConnection(deps.db, id);
  if (!c) throw new AppError('NOT_FOUND', m.notFound);
  try {
    const r = c.kind === 'notion' ? await syncNotion(deps, c) : await syncDrive(deps, c);
    return (await repo.updateConnection(deps.db, c.id, {
      status: 'active',
      // Skipped files are shown on the connection (still active) until a sync skips none.
      lastError: r.note,
      lastSyncAt: deps.now(),
      ...(r.pageToken ? { pageToken: r.pageToken } : {}),
    }))!;
  } catch (err) {
    deps.log.warn({ connectionId: c.id, kind: c.kind, err: (err as Error).message }, 'knowledge connector sync failed');
    return (await repo.updateConnection(deps.db, c.id, { status: 'error', lastError: errorText(err, c.kind), lastSyncAt: deps.now() }))!;
  }
}

/** Every connection, one after another (the job `knowledge.connectors-sync`). */
export async function syncAll(deps: TConnectorDeps) {
  for (const id of await repo.allConnectionIds(deps.db)) await syncConnection(deps, id);
}
