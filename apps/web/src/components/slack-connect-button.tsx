import { useState } from 'react';
import { CircleX, Hash, Loader2, X } from 'lucide-react';
import { ko, type TSlackPrepareResponse } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { api, ApiError } from '@/lib/api';
import { STORAGE_KEYS, tokenStorage } from '@/lib/token-storage';

// Shared by the public Slack page (site) and the Slack console (slack-ai), so it lives outside both features.
function prepareSlackConnection(seedId: string | undefined) {
  return api<TSlackPrepareResponse>('/api/slack-oauth-prepare', { method: 'POST', body: seedId ? { seed_id: seedId } : {} });
}

const t = ko.slack.connect;
/** The spec's client storage for the chat OAuth: the state value and a timestamp in ms. */
export const SLACK_STATE_KEY = 'slack_oauth_state';
export const SLACK_STATE_TS_KEY = 'slack_oauth_timestamp';

/**
 * 'Connect my workspace': idle → loading ('Slack 연결 중...', disabled) → the browser leaves for Slack's authorize URL,
 * or an error box (a cross icon, the text says what failed) that can be dismissed. The caller makes sure the user is signed in (login prompt otherwise).
 */
export function SlackConnectButton({
  label,
  seedId,
  onBeforeConnect,
  size = 'lg',
}: {
  label: string;
  seedId?: string | undefined;
  /** Returns false to stop (e.g. not signed in: the caller opens the login prompt). */
  onBeforeConnect?: () => boolean;
  size?: 'lg' | 'default' | 'sm';
}) {
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function connect() {
    if (onBeforeConnect && !onBeforeConnect()) return;
    if (!tokenStorage.getAccess() && !tokenStorage.getRefresh()) {
      setError(t.notSignedIn);
      return;
    }
    setError(null);
    setLoading(true);
    try {
      const r = await prepareSlackConnection(seedId);
      if (!r?.success || !r.authUrl) throw new Error(t.noAuthUrl);
      tokenStorage.write(SLACK_STATE_KEY, r.state);
      tokenStorage.write(SLACK_STATE_TS_KEY, String(Date.now()));
      window.location.assign(r.authUrl);
    } catch (e) {
      setLoading(false);
      if (e instanceof ApiError && e.status === 401) {
        tokenStorage.write(STORAGE_KEYS.access, null);
        setError(t.unauthorized);
      } else if (e instanceof ApiError) setError(e.message || t.prepareFailed);
      else setError(e instanceof Error && e.message === t.noAuthUrl ? t.noAuthUrl : t.generic);
    }
  }

  return (
    <div className="grid w-full max-w-md gap-3 justify-items-center sm:justify-items-start">
      <Button size={size} onClick={() => void connect()} disabled={loading}>
        {loading ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Hash aria-hidden="true" />}
        {loading ? t.loading : label}
      </Button>
      {error ? (
        <div
          role="alert"
          className="flex w-full items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive break-keep"
        >
          <CircleX className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p className="flex-1">{error}</p>
          <button type="button" onClick={() => setError(null)} aria-label={t.dismiss} className="rounded p-0.5 hover:bg-destructive/10">
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
