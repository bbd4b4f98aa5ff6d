/**
 * Slack Web API client (base URL from SLACK_API_URL, so tests run it against a local fake). Waits out a 429 by its
 * Retry-After (capped), retries network failures briefly, and never logs tokens.
 */
export type TSlackApiOptions = {
  apiUrl: string;
  /** Longest single Retry-After wait honoured, in ms (Slack asks for up to 60 s on conversations.replies). */
  maxRetryWaitMs?: number;
  timeoutMs?: number;
};

export class SlackApiError extends Error {
  readonly slackError: string;
  readonly status: number;
  constructor(method: string, slackError: string, status: number) {
    super(`slack ${method}: ${slackError}`);
    this.slackError = slackError;
    this.status = status;
  }
}

export type TSlackMessage = { ts: string; thread_ts?: string; user?: string; bot_id?: string; text?: string };

export type TOAuthAccess = {
  teamId: string;
  teamName: string;
  botUserId: string;
  scopes: string;
  accessToken: string;
  authedUserId: string | null;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createSlackApi(opts: TSlackApiOptions) {
  const maxWait = opts.maxRetryWaitMs ?? 65_000;
  const timeoutMs = opts.timeoutMs ?? 10_000;

  async function call(
    method: string,
    init: { token?: string; json?: Record<string, unknown>; form?: Record<string, string>; query?: Record<string, string> },
  ): Promise<Record<string, unknown>> {
    const url = new URL(`${opts.apiUrl}/${method}`);
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = {};
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: string | undefined;
    if (init.json) {
      headers['content-type'] = 'application/json; charset=utf-8';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(url, { method: body === undefined ? 'GET' : 'POST', headers, body, signal: AbortSignal.timeout(timeoutMs) });
      } catch {
        if (attempt < 2) {
          await sleep(300 * 2 ** attempt);
          continue;
        }
        throw new SlackApiError(method, 'network_error', 0);
      }
      if (res.status === 429 && attempt < 3) {
        const wait = Math.min(Math.max(Number(res.headers.get('retry-after')) || 1, 0) * 1000, maxWait);
        await res.body?.cancel();
        await sleep(wait);
        continue;
      }
      if (res.status >= 500 && attempt < 2) {
        await res.body?.cancel();
        await sleep(300 * 2 ** attempt);
        continue;
      }
      let data: Record<string, unknown>;
      try {
        data = (await res.json()) as Record<string, unknown>;
      } catch {
        throw new SlackApiError(method, `http_${res.status}`, res.status);
      }
      if (data.ok !== true) throw new SlackApiError(method, typeof data.error === 'string' ? data.error : `http_${res.status}`, res.status);
      return data;
    }
  }

  return {
    async oauthAccess(input: { clientId: string; clientSecret: string; code: string; redirectUri: string }): Promise<TOAuthAccess> {
      const d = await call('oauth.v2.access', {
        form: { client_id: input.clientId, client_secret: input.clientSecret, code: input.code, redirect_uri: input.redirectUri },
      });
      const team = (d.team ?? {}) as { id?: string; name?: string };
      const authed = (d.authed_user ?? {}) as { id?: string };
      if (typeof d.access_token !== 'string' || !team.id) throw new SlackApiError('oauth.v2.access', 'bad_response', 200);
      return {
        teamId: team.id,
        teamName: team.name ?? team.id,
        botUserId: typeof d.bot_user_id === 'string' ? d.bot_user_id : '',
        scopes: typeof d.scope === 'string' ? d.scope : '',
        accessToken: d.access_token,
        authedUserId: authed.id ?? null,
      };
    },
    async postMessage(token: string, msg: { channel: string; thread_ts?: string; text: string }): Promise<string> {
      const d = await call('chat.postMessage', { token, json: { ...msg, unfurl_links: false } });
      return typeof d.ts === 'string' ? d.ts : '';
    },
    async setThreadStatus(token: string, s: { channel_id: string; thread_ts: string; status: string }): Promise<void> {
      await call('assistant.threads.setStatus', { token, json: s });
    },
    /** Every message of a thread, following cursors (bounded). */
    async replies(token: string, channel: string, ts: string): Promise<TSlackMessage[]> {
      const out: TSlackMessage[] = [];
      let cursor = '';
      for (let page = 0; page < 10; page++) {
        const d = await call('conversations.replies', { token, query: { channel, ts, limit: '200', ...(cursor ? { cursor } : {}) } });
        out.push(...((d.messages as TSlackMessage[] | undefined) ?? []));
        cursor = ((d.response_metadata as { next_cursor?: string } | undefined)?.next_cursor ?? '').trim();
        if (!cursor) break;
      }
      return out;
    },
    /** A user's display name (real name, else handle), or null when Slack does not know them. */
    async userName(token: string, user: string): Promise<string | null> {
      try {
        const d = await call('users.info', { token, query: { user } });
        const u = (d.user ?? {}) as { name?: string; real_name?: string; profile?: { display_name?: string; real_name?: string } };
        return u.profile?.display_name || u.real_name || u.profile?.real_name || u.name || null;
      } catch (e) {
        if (e instanceof SlackApiError && e.status !== 0 && e.status < 500) return null;
        throw e;
      }
    },
    /** The Slack user with this email address, or null (needs the users:read.email scope). */
    async lookupByEmail(token: string, email: string): Promise<string | null> {
      try {
        const d = await call('users.lookupByEmail', { token, query: { email } });
        return ((d.user as { id?: string } | undefined)?.id ?? null) || null;
      } catch (e) {
        if (e instanceof SlackApiError && e.slackError === 'users_not_found') return null;
        throw e;
      }
    },
    async revoke(token: string): Promise<void> {
      await call('auth.revoke', { token, form: {} });
    },
  };
}

export type TSlackApi = ReturnType<typeof createSlackApi>;
