/**
 * Slack Web API client on the official `@slack/web-api` WebClient (base URL from SLACK_API_URL, so tests run it against
 * a local fake). Waits out a 429 by its Retry-After (capped, at most 3 times), retries network failures and 5xx twice
 * (0.3 s, 0.6 s apart), times out each request, and never logs: the SDK gets a silent logger, so no token can leak
 * through it. SDK errors become `SlackApiError { slackError, status }`: a platform error carries Slack's `error`
 * (status 200), a 429 'ratelimited' (429), any other HTTP answer its status, a network failure or timeout
 * 'network_error' (status 0).
 */
import { ErrorCode, LogLevel, WebClient, type KnownBlock, type Logger, type RetryOptions } from '@slack/web-api';
import { reportOutside } from '../../lib/outside-services.ts';

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

/** A Block Kit block (the SDK's types). */
export type TSlackBlock = KnownBlock;

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

/** The SDK's logger would print request details at debug level and warnings on failures: ours prints nothing. */
const silent: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  setLevel: () => {},
  getLevel: () => LogLevel.ERROR,
  setName: () => {},
};

/** `http_<status>` unless the body of a non-200 answer is Slack's `{ ok: false, error }`. */
function httpError(body: unknown, status: number): string {
  try {
    const d = (typeof body === 'string' ? JSON.parse(body) : body) as { error?: unknown } | null;
    if (d && typeof d.error === 'string') return d.error;
  } catch {
    // not JSON
  }
  return `http_${status}`;
}

/** Maps an error of the SDK to a SlackApiError (see the module comment). */
function toSlackApiError(method: string, e: unknown): SlackApiError {
  if (e instanceof SlackApiError) return e;
  const err = e as { code?: unknown; data?: { error?: unknown }; statusCode?: number; body?: unknown };
  switch (err.code) {
    case ErrorCode.PlatformError:
      return new SlackApiError(method, typeof err.data?.error === 'string' ? err.data.error : 'unknown_error', 200);
    case ErrorCode.RateLimitedError:
      return new SlackApiError(method, 'ratelimited', 429);
    case ErrorCode.HTTPError:
      return new SlackApiError(method, httpError(err.body, err.statusCode ?? 0), err.statusCode ?? 0);
    default:
      // ErrorCode.RequestError (network, timeout) and anything else the SDK throws (a 429 without Retry-After).
      return new SlackApiError(method, 'network_error', 0);
  }
}

export function createSlackApi(opts: TSlackApiOptions) {
  const maxWait = opts.maxRetryWaitMs ?? 65_000;
  // p-retry (which the SDK hands retryConfig to) stops at once when onFailedAttempt throws: an HTTP 4xx is final.
  const retryConfig: RetryOptions & { onFailedAttempt: (e: unknown) => void } = {
    retries: 2,
    factor: 2,
    minTimeout: 300,
    maxTimeout: 600,
    randomize: false,
    onFailedAttempt: (e) => {
      const err = e as { code?: unknown; statusCode?: number };
      if (err.code === ErrorCode.HTTPError && (err.statusCode ?? 0) < 500) throw e;
    },
  };
  const client = new WebClient(undefined, {
    slackApiUrl: `${opts.apiUrl.replace(/\/+$/, '')}/`,
    logger: silent,
    retryConfig,
    // A 429 comes back to `call` at once, which waits (capped) and tries again; the SDK would pause its whole queue.
    rejectRateLimitedCalls: true,
    timeout: opts.timeoutMs ?? 10_000,
  });

  async function call<T>(method: string, run: (c: WebClient) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await run(client);
        reportOutside('slack', true);
        return result;
      } catch (e) {
        const retryAfter =
          (e as { code?: unknown; retryAfter?: number }).code === ErrorCode.RateLimitedError ? (e as { retryAfter?: number }).retryAfter : undefined;
        if (retryAfter !== undefined && attempt < 3) {
          await sleep(Math.min(Math.max(retryAfter || 1, 0) * 1000, maxWait));
          continue;
        }
        const error = toSlackApiError(method, e);
        // Slack answering with an error of its own (a revoked token, a missing channel) is Slack working; a network
        // failure, a 5xx or a rate limit is not.
        const down = error.status === 0 || error.status === 429 || error.status >= 500;
        reportOutside('slack', !down, down ? `${method}: ${error.slackError}` : undefined);
        throw error;
      }
    }
  }

  return {
    async oauthAccess(input: { clientId: string; clientSecret: string; code: string; redirectUri: string }): Promise<TOAuthAccess> {
      const d = await call('oauth.v2.access', (c) =>
        c.oauth.v2.access({ client_id: input.clientId, client_secret: input.clientSecret, code: input.code, redirect_uri: input.redirectUri }),
      );
      const team = d.team ?? {};
      if (typeof d.access_token !== 'string' || !team.id) throw new SlackApiError('oauth.v2.access', 'bad_response', 200);
      return {
        teamId: team.id,
        teamName: team.name ?? team.id,
        botUserId: typeof d.bot_user_id === 'string' ? d.bot_user_id : '',
        scopes: typeof d.scope === 'string' ? d.scope : '',
        accessToken: d.access_token,
        authedUserId: d.authed_user?.id ?? null,
      };
    },
    async postMessage(token: string, msg: { channel: string; thread_ts?: string; text: string; blocks?: TSlackBlock[] }): Promise<string> {
      const d = await call('chat.postMessage', (c) => c.chat.postMessage({ token, ...msg, unfurl_links: false }));
      return typeof d.ts === 'string' ? d.ts : '';
    },
    /** Replaces a message the app posted (actions from Slack, decision 088: buttons give way to the result). */
    async updateMessage(token: string, msg: { channel: string; ts: string; text: string; blocks?: TSlackBlock[] }): Promise<void> {
      await call('chat.update', (c) => c.chat.update({ token, ...msg, blocks: msg.blocks ?? [] }));
    },
    /** A message only `user` sees, in the channel (a refused button click). */
    async postEphemeral(token: string, msg: { channel: string; user: string; text: string; thread_ts?: string }): Promise<void> {
      await call('chat.postEphemeral', (c) => c.chat.postEphemeral({ token, ...msg }));
    },
    async setThreadStatus(token: string, s: { channel_id: string; thread_ts: string; status: string }): Promise<void> {
      await call('assistant.threads.setStatus', (c) => c.assistant.threads.setStatus({ token, ...s }));
    },
    /** The Assistant panel's suggested prompts for a thread (decision 086; at most 4, each a title and a message). */
    async setSuggestedPrompts(
      token: string,
      s: { channel_id: string; thread_ts: string; title?: string; prompts: { title: string; message: string }[] },
    ): Promise<void> {
      await call('assistant.threads.setSuggestedPrompts', (c) => c.assistant.threads.setSuggestedPrompts({ token, ...s }));
    },
    /** Every message of a thread, following cursors (bounded). */
    async replies(token: string, channel: string, ts: string): Promise<TSlackMessage[]> {
      const out: TSlackMessage[] = [];
      let cursor = '';
      for (let page = 0; page < 10; page++) {
        const d = await call('conversations.replies', (c) => c.conversations.replies({ token, channel, ts, limit: 200, ...(cursor ? { cursor } : {}) }));
        out.push(...((d.messages as TSlackMessage[] | undefined) ?? []));
        cursor = (d.response_metadata?.next_cursor ?? '').trim();
        if (!cursor) break;
      }
      return out;
    },
    /** A user's display name (real name, else handle), or null when Slack does not know them. */
    async userName(token: string, user: string): Promise<string | null> {
      try {
        const d = await call('users.info', (c) => c.users.info({ token, user }));
        const u = d.user ?? {};
        return u.profile?.display_name || u.real_name || u.profile?.real_name || u.name || null;
      } catch (e) {
        if (e instanceof SlackApiError && e.status !== 0 && e.status < 500) return null;
        throw e;
      }
    },
    /** A user's e-mail address from their profile, or null (needs the users:read.email scope; decision 088). */
    async userEmail(token: string, user: string): Promise<string | null> {
      try {
        const d = await call('users.info', (c) => c.users.info({ token, user }));
        const email = d.user?.profile?.email;
        return d.user?.deleted || d.user?.is_bot || !email ? null : email.toLowerCase();
      } catch (e) {
        if (e instanceof SlackApiError && e.status !== 0 && e.status < 500) return null;
        throw e;
      }
    },
    /** Whether the user is an admin or owner of the Slack workspace (users.info; channel digests, decision 087). */
    async userIsAdmin(token: string, user: string): Promise<boolean> {
      try {
        const d = await call('users.info', (c) => c.users.info({ token, user }));
        return Boolean(d.user?.is_admin || d.user?.is_owner || d.user?.is_primary_owner);
      } catch (e) {
        if (e instanceof SlackApiError && e.status !== 0 && e.status < 500) return false;
        throw e;
      }
    },
    /** The Slack user with this email address, or null (needs the users:read.email scope). */
    async lookupByEmail(token: string, email: string): Promise<string | null> {
      try {
        const d = await call('users.lookupByEmail', (c) => c.users.lookupByEmail({ token, email }));
        return d.user?.id || null;
      } catch (e) {
        if (e instanceof SlackApiError && e.slackError === 'users_not_found') return null;
        throw e;
      }
    },
    /**
     * Conversations as knowledge (decision 085): the public and private channels `user` is in that the bot can see
     * (users.conversations with a bot token; channels:read, groups:read), following cursors (bounded).
     */
    async userChannels(token: string, user: string): Promise<{ id: string; name: string; isPrivate: boolean; isShared: boolean }[]> {
      const out: { id: string; name: string; isPrivate: boolean; isShared: boolean }[] = [];
      let cursor = '';
      for (let page = 0; page < 20; page++) {
        const d = await call('users.conversations', (c) =>
          c.users.conversations({ token, user, types: 'public_channel,private_channel', limit: 999, ...(cursor ? { cursor } : {}) }),
        );
        for (const ch of d.channels ?? [])
          if (ch.id)
            out.push({
              id: ch.id,
              name: ch.name ?? '',
              isPrivate: Boolean(ch.is_private),
              // Slack Connect: people of other organisations are in it (decision 085).
              isShared: Boolean(ch.is_ext_shared || ch.is_pending_ext_shared),
            });
        cursor = (d.response_metadata?.next_cursor ?? '').trim();
        if (!cursor) break;
      }
      return out;
    },
    /** A channel's name and privacy (conversations.info; decision 085). */
    async channelInfo(token: string, channel: string): Promise<{ name: string; isPrivate: boolean }> {
      const d = await call('conversations.info', (c) => c.conversations.info({ token, channel }));
      return { name: d.channel?.name ?? '', isPrivate: Boolean(d.channel?.is_private) };
    },
    /** A message's permalink (chat.getPermalink; decision 085). */
    async permalink(token: string, channel: string, ts: string): Promise<string | null> {
      const d = await call('chat.getPermalink', (c) => c.chat.getPermalink({ token, channel, message_ts: ts }));
      return typeof d.permalink === 'string' ? d.permalink : null;
    },
    async revoke(token: string): Promise<void> {
      await call('auth.revoke', (c) => c.auth.revoke({ token }));
    },
  };
}

export type TSlackApi = ReturnType<typeof createSlackApi>;
