/**
 * Google Drive v3 over REST (decision 089), base URL GOOGLE_API_URL, tokens from GOOGLE_OAUTH_URL: the connection's
 * refresh token is exchanged for an access token once per client. Lists a folder (sub-folders too), a file's
 * permissions, exports Google Docs/Sheets as text and downloads PDFs; the changes API gives a cursor per connection.
 */
import type { TConfig } from '../../../config.ts';

const TIMEOUT_MS = 15_000;
export const DRIVE_SCOPES = ['https://www.googleapis.com/auth/drive.readonly', 'openid', 'email'];
export const FOLDER = 'application/vnd.google-apps.folder';
export const GDOC = 'application/vnd.google-apps.document';
export const GSHEET = 'application/vnd.google-apps.spreadsheet';
export const PDF = 'application/pdf';
/** A synced file is read up to this much (the knowledge PDF upload limit, slack/pdf.routes.ts MAX_PDF): bigger ones are skipped. */
export const DRIVE_MAX_BYTES = 10 * 1_048_576;

export class DriveHttpError extends Error {
  readonly status: number;
  constructor(what: string, status: number) {
    super(`${what}: HTTP ${status}`);
    this.status = status;
  }
}

/** A file over DRIVE_MAX_BYTES (declared by the listing or found while reading). */
export class DriveTooLargeError extends Error {
  constructor() {
    super('drive file over DRIVE_MAX_BYTES');
  }
}

/** Drive gives `size` (bytes, as a string) for uploaded files only, not for Google Docs/Sheets. */
export type TDriveFile = { id: string; name: string; mimeType: string; modifiedTime: string; trashed?: boolean; size?: string };
export type TDrivePermission = { type: 'user' | 'group' | 'domain' | 'anyone'; emailAddress?: string; domain?: string };
export type TDriveChange = { fileId: string; removed?: boolean; file?: TDriveFile & { parents?: string[] } };

export type TDriveClient = {
  folderFiles(folderId: string): Promise<TDriveFile[]>;
  permissions(fileId: string): Promise<TDrivePermission[]>;
  exportText(fileId: string, mimeType: 'text/plain' | 'text/csv'): Promise<string>;
  download(fileId: string): Promise<Buffer>;
  startPageToken(): Promise<string>;
  changes(pageToken: string): Promise<{ changes: TDriveChange[]; newStartPageToken: string }>;
};

type TGoogle = TConfig['google'];

/** The response body, read chunk by chunk and aborted as soon as it passes `max` bytes (never buffered whole first). */
async function readCapped(res: Response, max: number): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => undefined);
    throw new DriveTooLargeError();
  }
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      throw new DriveTooLargeError();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export function driveClient(g: TGoogle, refreshToken: string): TDriveClient {
  let access: string | undefined;
  const token = async () => {
    if (access) return access;
    const res = await fetch(`${g.oauthUrl}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: g.clientId ?? '', client_secret: g.clientSecret ?? '' }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new DriveHttpError('google token', res.status === 400 ? 401 : res.status);
    access = String(((await res.json()) as { access_token?: string }).access_token ?? '');
    if (!access) throw new DriveHttpError('google token', 401);
    return access;
  };
  const get = async (what: string, path: string, params: Record<string, string> = {}) => {
    const url = new URL(`${g.apiUrl}/drive/v3/${path}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const res = await fetch(url, { headers: { authorization: `Bearer ${await token()}` }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok) throw new DriveHttpError(what, res.status);
    return res;
  };
  const json = async <T>(what: string, path: string, params: Record<string, string> = {}) => (await (await get(what, path, params)).json()) as T;

  return {
    async folderFiles(folderId) {
      const out: TDriveFile[] = [];
      const queue = [folderId];
      const seen = new Set<string>();
      while (queue.length && seen.size < 200) {
        const id = queue.shift()!;
        if (seen.has(id)) continue;
        seen.add(id);
        let pageToken: string | undefined;
        do {
          const page = await json<{ files: TDriveFile[]; nextPageToken?: string }>('files.list', 'files', {
            q: `'${id.replace(/'/g, '')}' in parents and trashed = false`,
            fields: 'nextPageToken,files(id,name,mimeType,modifiedTime,trashed,size)',
            pageSize: '200',
            ...(pageToken ? { pageToken } : {}),
          });
          for (const f of page.files) {
            if (f.mimeType === FOLDER) queue.push(f.id);
            else out.push(f);
          }
          pageToken = page.nextPageToken;
        } while (pageToken);
      }
      return out;
    },
    async permissions(fileId) {
      const out: TDrivePermission[] = [];
      let pageToken: string | undefined;
      do {
        const page = await json<{ permissions: TDrivePermission[]; nextPageToken?: string }>(
          'permissions.list',
          `files/${encodeURIComponent(fileId)}/permissions`,
          {
            fields: 'nextPageToken,permissions(type,emailAddress,domain)',
            ...(pageToken ? { pageToken } : {}),
          },
        );
        out.push(...page.permissions);
        pageToken = page.nextPageToken;
      } while (pageToken);
      return out;
    },
    async exportText(fileId, mimeType) {
      return (await readCapped(await get('files.export', `files/${encodeURIComponent(fileId)}/export`, { mimeType }), DRIVE_MAX_BYTES)).toString('utf8');
    },
    async download(fileId) {
      return readCapped(await get('files.get', `files/${encodeURIComponent(fileId)}`, { alt: 'media' }), DRIVE_MAX_BYTES);
    },
    async startPageToken() {
      return (await json<{ startPageToken: string }>('changes.getStartPageToken', 'changes/startPageToken')).startPageToken;
    },
    async changes(pageToken) {
      const changes: TDriveChange[] = [];
      let next: string | undefined = pageToken;
      let newStart = pageToken;
      while (next) {
        const page: { changes: TDriveChange[]; nextPageToken?: string; newStartPageToken?: string } = await json('changes.list', 'changes', {
          pageToken: next,
          fields: 'nextPageToken,newStartPageToken,changes(fileId,removed,file(id,name,mimeType,modifiedTime,trashed,parents))',
        });
        changes.push(...page.changes);
        next = page.nextPageToken;
        if (page.newStartPageToken) newStart = page.newStartPageToken;
      }
      return { changes, newStartPageToken: newStart };
    },
  };
}
