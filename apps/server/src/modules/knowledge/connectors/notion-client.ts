/**
 * Notion's public API (decision 089), base URL NOTION_API_URL, with an internal integration token: the pages and
 * databases shared with the integration (`POST /v1/search`), a page's blocks as text (`GET /v1/blocks/{id}/children`,
 * paginated, nested blocks to depth 3), a database's rows (`POST /v1/databases/{id}/query`) and the workspace's people.
 */
const TIMEOUT_MS = 15_000;
const VERSION = '2022-06-28';

export class NotionHttpError extends Error {
  readonly status: number;
  constructor(what: string, status: number) {
    super(`${what}: HTTP ${status}`);
    this.status = status;
  }
}

type TRichText = { plain_text?: string }[];
export type TNotionObject = {
  object: 'page' | 'database';
  id: string;
  last_edited_time: string;
  in_trash?: boolean;
  archived?: boolean;
  title?: TRichText;
  properties?: Record<string, { type: string; title?: TRichText; rich_text?: TRichText; [k: string]: unknown }>;
};
type TBlock = { id: string; type: string; has_children?: boolean; [k: string]: unknown };

export type TNotionClient = {
  me(): Promise<{ name: string }>;
  shared(): Promise<TNotionObject[]>;
  pageText(pageId: string): Promise<string>;
  databaseRows(databaseId: string): Promise<TNotionObject[]>;
  memberEmails(): Promise<string[]>;
};

const plain = (t: TRichText | undefined) => (t ?? []).map((x) => x.plain_text ?? '').join('');

/** A page's title (its title property) or a database's title. */
export function notionTitle(o: TNotionObject): string {
  if (o.object === 'database') return plain(o.title) || '제목 없음';
  const prop = Object.values(o.properties ?? {}).find((p) => p.type === 'title');
  return plain(prop?.title) || '제목 없음';
}

/** A database row's other properties as "이름: 값" lines (text, number, select, date). */
export function propertyLines(o: TNotionObject): string[] {
  const out: string[] = [];
  for (const [name, p] of Object.entries(o.properties ?? {})) {
    if (p.type === 'title') continue;
    const v = p[p.type] as unknown;
    let text = '';
    if (p.type === 'rich_text') text = plain(p.rich_text);
    else if (p.type === 'number' && typeof v === 'number') text = String(v);
    else if ((p.type === 'select' || p.type === 'status') && v && typeof v === 'object') text = String((v as { name?: string }).name ?? '');
    else if (p.type === 'multi_select' && Array.isArray(v)) text = v.map((x: { name?: string }) => x.name ?? '').join(', ');
    else if (p.type === 'date' && v && typeof v === 'object') text = String((v as { start?: string }).start ?? '');
    if (text) out.push(`${name}: ${text}`);
  }
  return out;
}

const PREFIX: Record<string, string> = {
  heading_1: '# ',
  heading_2: '## ',
  heading_3: '### ',
  bulleted_list_item: '- ',
  numbered_list_item: '1. ',
  to_do: '- ',
  quote: '> ',
};

export function notionClient(apiUrl: string, token: string): TNotionClient {
  const call = async <T>(what: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${apiUrl}/v1/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'notion-version': VERSION,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new NotionHttpError(what, res.status);
    return (await res.json()) as T;
  };
  type TPage<T> = { results: T[]; has_more?: boolean; next_cursor?: string | null };
  const all = async <T>(what: string, method: 'GET' | 'POST', path: string, body: Record<string, unknown> = {}) => {
    const out: T[] = [];
    let cursor: string | null | undefined;
    for (let i = 0; i < 100; i++) {
      const page =
        method === 'POST'
          ? await call<TPage<T>>(what, 'POST', path, { ...body, page_size: 100, ...(cursor ? { start_cursor: cursor } : {}) })
          : await call<TPage<T>>(what, 'GET', `${path}?page_size=100${cursor ? `&start_cursor=${encodeURIComponent(cursor)}` : ''}`);
      out.push(...page.results);
      if (!page.has_more || !page.next_cursor) break;
      cursor = page.next_cursor;
    }
    return out;
  };
  const blocksText = async (id: string, depth: number): Promise<string[]> => {
    const lines: string[] = [];
    for (const b of await all<TBlock>('blocks.children', 'GET', `blocks/${encodeURIComponent(id)}/children`)) {
      const body = b[b.type] as { rich_text?: TRichText } | undefined;
      const text = plain(body?.rich_text);
      if (text) lines.push(`${b.type.startsWith('heading') ? '\n' : ''}${PREFIX[b.type] ?? ''}${text}`);
      if (b.has_children && depth < 3 && b.type !== 'child_page' && b.type !== 'child_database') lines.push(...(await blocksText(b.id, depth + 1)));
    }
    return lines;
  };
  return {
    async me() {
      const u = await call<{ name?: string; bot?: { workspace_name?: string } }>('users.me', 'GET', 'users/me');
      return { name: u.bot?.workspace_name ?? u.name ?? 'Notion' };
    },
    shared: () => all<TNotionObject>('search', 'POST', 'search'),
    async pageText(pageId) {
      return (await blocksText(pageId, 0)).join('\n').trim();
    },
    databaseRows: (databaseId) => all<TNotionObject>('databases.query', 'POST', `databases/${encodeURIComponent(databaseId)}/query`),
    async memberEmails() {
      const users = await all<{ type?: string; person?: { email?: string } }>('users.list', 'GET', 'users');
      return users.flatMap((u) => (u.type === 'person' && u.person?.email ? [u.person.email.toLowerCase()] : []));
    },
  };
}
