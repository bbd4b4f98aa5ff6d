import { useState } from 'react';
import { Loader2 } from 'lucide-react';
import { toastError } from '@/lib/toast';
import { ko, type TOAuthProvider } from '@suite/shared';
import { cn } from '@/lib/utils';
import { useAuthConfig } from '@/features/auth/api/auth-config';
import { startProviderSignIn } from '@/features/auth/lib/provider-flow';

const o = ko.accounts.oauth;

function KakaoMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-[18px]">
      <path
        fill="#000000"
        d="M12 3C6.48 3 2 6.54 2 10.9c0 2.83 1.88 5.3 4.7 6.7l-.96 3.52c-.08.31.27.56.54.38l4.2-2.78c.5.05 1 .08 1.52.08 5.52 0 10-3.54 10-7.9S17.52 3 12 3z"
      />
    </svg>
  );
}

function NaverMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-3.5">
      <path fill="#03C75A" d="M16.27 12.85 7.38 0H0v24h7.73V11.15L16.62 24H24V0h-7.73z" />
    </svg>
  );
}

const styles: Record<TOAuthProvider, { className: string; mark: () => React.JSX.Element }> = {
  // Kakao Login design guide: container #FEE500, label black (85 %), symbol black.
  kakao: { className: 'bg-[#FEE500] text-black/85 hover:bg-[#FEE500]/90', mark: KakaoMark },
  // Naver Login's white variant (green "N", dark label): the green variant's white label is 2.3:1, below WCAG AA.
  naver: { className: 'border border-[#03C75A] bg-white text-[#1e1e1e] hover:bg-[#03C75A]/10', mark: NaverMark },
};

/** One provider's button in its brand style; disabled with the reason when the server has no credentials for it. */
export function ProviderButton({ provider }: { provider: TOAuthProvider }) {
  const config = useAuthConfig();
  const [busy, setBusy] = useState(false);
  const available = config.data?.oauthProviders?.[provider] ?? false;
  const name = ko.accounts.providers[provider] ?? provider;
  const { className, mark: Mark } = styles[provider];
  const start = () => {
    setBusy(true);
    startProviderSignIn(provider).catch((e: unknown) => {
      setBusy(false);
      toastError(e, o.startFailed);
    });
  };
  return (
    <div className="grid gap-1">
      <button
        type="button"
        data-provider={provider}
        onClick={start}
        disabled={!available || busy || config.isLoading}
        aria-busy={busy || config.isLoading}
        className={cn(
          'inline-flex h-10 w-full items-center justify-center gap-2 rounded-md px-4 text-sm font-medium transition-colors',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50',
          className,
        )}
      >
        {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : <Mark />}
        {busy ? o.starting : o[provider]}
      </button>
      {!config.isLoading && !available ? <p className="text-center text-xs text-muted-foreground">{o.unavailable(name)}</p> : null}
    </div>
  );
}

export function ProviderButtons() {
  return (
    <div className="mt-2 grid gap-2">
      <ProviderButton provider="kakao" />
      <ProviderButton provider="naver" />
    </div>
  );
}
