import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { useAuthConfig } from '@/features/auth/api/auth-config';
import { googleId, loadGoogleIdentity } from '@/features/auth/lib/google-identity';

const t = ko.authUi.google;

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4">
      <path fill="#4285F4" d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z" />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.84 14.09A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.43.34-2.09V7.07H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.93l3.66-2.84z" />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1A11 11 0 0 0 2.18 7.07l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38z"
      />
    </svg>
  );
}

/**
 * The external sign-in button: a loading placeholder until Google's script is ready (polled every
 * 100 ms, 10 s at most), then Google's own button. In login mode the one-tap prompt shows once.
 * When the server has no Google client id the button is shown disabled with a note.
 */
export function GoogleButton({
  mode,
  disabled = false,
  label,
  onCredential,
  onDisabledClick,
}: {
  mode: 'login' | 'signup';
  disabled?: boolean;
  label: string;
  onCredential: (credential: string) => void;
  onDisabledClick?: () => void;
}) {
  const config = useAuthConfig();
  const clientId = config.data?.googleClientId ?? null;
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const slot = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  useEffect(() => {
    callback.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity().then(
      (id) => {
        if (cancelled) return;
        try {
          id.initialize({
            client_id: clientId,
            use_fedcm_for_prompt: true,
            callback: (r) => {
              if (!r.credential) {
                toast.error(t.credentialEmpty);
                return;
              }
              callback.current(r.credential);
            },
          });
          setReady(true);
          if (mode === 'login') id.prompt();
        } catch {
          setFailed(true);
          toast.error(t.initFailed);
        }
      },
      () => {
        if (cancelled) return;
        setFailed(true);
        toast.error(t.unavailable);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [clientId, mode]);

  useEffect(() => {
    if (!ready || disabled || !slot.current) return;
    googleId()?.renderButton(slot.current, {
      theme: 'outline',
      size: 'large',
      width: slot.current.clientWidth || 320,
      text: mode === 'login' ? 'signin_with' : 'signup_with',
      locale: 'ko',
    });
  }, [ready, disabled, mode]);

  if (config.isLoading) {
    return (
      <Button type="button" variant="outline" className="w-full" disabled aria-busy="true">
        <GoogleMark /> {t.loading}
      </Button>
    );
  }
  if (!clientId || failed) {
    return (
      <div className="grid gap-1">
        <Button type="button" variant="outline" className="w-full" disabled>
          <GoogleMark /> {label}
        </Button>
        <p className="text-center text-xs text-muted-foreground">{t.unavailable}</p>
      </div>
    );
  }
  if (disabled) {
    // Looks disabled but stays focusable and clickable, so it can explain why (spec: terms first).
    return (
      <Button type="button" variant="outline" className="w-full opacity-50" aria-disabled="true" onClick={onDisabledClick}>
        <GoogleMark /> {label}
      </Button>
    );
  }
  if (!ready) {
    return (
      <Button type="button" variant="outline" className="w-full" disabled aria-busy="true">
        <GoogleMark /> {t.loading}
      </Button>
    );
  }
  return <div ref={slot} className="flex min-h-10 w-full justify-center" />;
}
