import { useState } from 'react';
import { Copy, KeyRound } from 'lucide-react';
import { ko } from '@suite/shared';
import { koNotificationsUi } from '@suite/shared/messages/ko-notifications-ui';
import { ZNotificationWebhookInput } from '@suite/shared/schemas/notifications';
import { BusyButton } from '@/components/busy-button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { useWebhook } from '../api/get-webhook';
import { useRemoveWebhook } from '../api/remove-webhook';
import { useSaveWebhook } from '../api/save-webhook';

const w = koNotificationsUi.webhook;

/** The person's one webhook address for notices; the signing secret is shown once, right after saving. */
export function WebhookCard() {
  const query = useWebhook();
  const save = useSaveWebhook();
  const remove = useRemoveWebhook();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const current = query.data?.url ?? null;

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = ZNotificationWebhookInput.safeParse({ url: url.trim() });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? ko.errors.validation);
    save.mutate(parsed.data, {
      onSuccess: (data) => {
        setSecret(data.secret);
        setUrl('');
        toast.success(w.saved);
      },
      onError: (err) => setError(err.message),
    });
  };
  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(w.copied);
    } catch {
      // clipboard refused (insecure origin): the secret stays on screen to copy by hand
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{w.title}</CardTitle>
        <CardDescription className="break-keep">{w.description}</CardDescription>
        <p className="text-xs text-muted-foreground">
          {w.signature}: <code className="break-all">x-suite-signature: sha256=HMAC-SHA256(secret, &quot;&lt;x-suite-timestamp&gt;.&lt;body&gt;&quot;)</code>
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.error ? <ErrorAlert message={query.error.message} error={query.error} /> : null}
        <div className="text-sm" data-testid="webhook-current">
          {current ? (
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-muted-foreground">{w.current}:</span>
              <code className="min-w-0 break-all rounded bg-muted px-1.5 py-0.5">{current}</code>
              <Button type="button" variant="outline" size="sm" onClick={() => setConfirm(true)}>
                {w.remove}
              </Button>
            </div>
          ) : query.isSuccess ? (
            <p className="text-muted-foreground">{w.none}</p>
          ) : null}
        </div>
        {secret ? (
          <Alert variant="success">
            <KeyRound className="size-4" aria-hidden="true" />
            <AlertDescription className="grid gap-2">
              <p className="font-semibold">{w.secretTitle}</p>
              <p className="break-keep">{w.secretOnce}</p>
              <div className="flex flex-wrap items-center gap-2">
                <code className="min-w-0 break-all rounded bg-muted px-1.5 py-0.5" data-testid="webhook-secret">
                  {secret}
                </code>
                <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
                  <Copy aria-hidden="true" /> {w.copy}
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        ) : null}
        <form onSubmit={onSubmit} className="grid gap-2 sm:max-w-xl" noValidate>
          <Label htmlFor="webhook-url">{w.url}</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="webhook-url"
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder={w.placeholder}
              value={url}
              aria-invalid={error ? true : undefined}
              onChange={(e) => setUrl(e.target.value)}
            />
            <BusyButton type="submit" busy={save.isPending} disabled={save.isPending || !url.trim()} className="shrink-0">
              {current ? w.replace : w.save}
            </BusyButton>
          </div>
          <ErrorAlert message={error} />
        </form>
      </CardContent>
      <ConfirmDialog
        open={confirm}
        title={w.remove}
        message={w.removeConfirm}
        confirmLabel={w.remove}
        destructive
        busy={remove.isPending}
        onOpenChange={setConfirm}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirm(false);
              setSecret(null);
              toast.success(w.removed);
            },
            onError: (err) => {
              setConfirm(false);
              setError(err.message);
            },
          })
        }
      />
    </Card>
  );
}
