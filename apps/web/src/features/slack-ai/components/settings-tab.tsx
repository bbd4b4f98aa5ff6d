import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { ko, ZSlackSettings, type TSlackWorkspace } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDisconnectSlack, useUpdateSlackSettings } from '../api/slack';

const t = ko.slack.ui.settings;

/** Channels, answer language and tone, mirror retention, token budget; disconnect. Managers only may change. */
export function SettingsTab({ ws }: { ws: TSlackWorkspace }) {
  const s = ws.settings;
  const [channels, setChannels] = useState(s.channels.join(', '));
  const [language, setLanguage] = useState(s.language);
  const [tone, setTone] = useState(s.tone);
  const [retention, setRetention] = useState(String(s.retention_days));
  const [budget, setBudget] = useState(String(s.monthly_token_budget));
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const save = useUpdateSlackSettings(ws.id);
  const disconnect = useDisconnectSlack(ws.id);
  const readOnly = !ws.can_manage || ws.status !== 'active';

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZSlackSettings.safeParse({
      channels: channels.split(/[\s,]+/).filter(Boolean),
      language,
      tone,
      retention_days: retention,
      monthly_token_budget: budget,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ko.errors.validation);
      return;
    }
    setError(null);
    try {
      const r = await save.mutateAsync(parsed.data);
      toast.success(r.message);
    } catch (err) {
      setError((err as Error).message);
    }
  }

  return (
    <div className="grid gap-4">
      <Card>
        <CardContent className="p-5">
          <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)} noValidate>
            {!ws.can_manage ? <p className="text-sm text-muted-foreground">{t.managersOnly}</p> : null}
            <div className="grid gap-1.5">
              <Label htmlFor="slack-channels">{t.channels}</Label>
              <Textarea
                id="slack-channels"
                value={channels}
                onChange={(e) => setChannels(e.target.value)}
                disabled={readOnly}
                rows={2}
                placeholder="C0123ABCD, C0456EFGH"
              />
              <p className="text-xs text-muted-foreground break-keep">{t.channelsHint}</p>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-1.5">
                <Label htmlFor="slack-language">{t.language}</Label>
                <NativeSelect id="slack-language" value={language} onChange={(e) => setLanguage(e.target.value as typeof language)} disabled={readOnly}>
                  {(['ko', 'en', 'auto'] as const).map((v) => (
                    <option key={v} value={v}>
                      {t.languages[v]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="slack-tone">{t.tone}</Label>
                <NativeSelect id="slack-tone" value={tone} onChange={(e) => setTone(e.target.value as typeof tone)} disabled={readOnly}>
                  {(['polite', 'friendly', 'concise'] as const).map((v) => (
                    <option key={v} value={v}>
                      {t.tones[v]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="slack-retention">{t.retention}</Label>
                <Input id="slack-retention" inputMode="numeric" value={retention} onChange={(e) => setRetention(e.target.value)} disabled={readOnly} />
                <p className="text-xs text-muted-foreground break-keep">{t.retentionHint}</p>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="slack-budget">{t.budget}</Label>
                <Input id="slack-budget" inputMode="numeric" value={budget} onChange={(e) => setBudget(e.target.value)} disabled={readOnly} />
                <p className="text-xs text-muted-foreground break-keep">
                  {t.budgetHint} {t.usedThisMonth(ws.tokens_this_month.toLocaleString('ko-KR'))}
                </p>
              </div>
            </div>
            {error ? (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
            {!readOnly ? (
              <Button type="submit" className="w-fit" disabled={save.isPending}>
                {save.isPending ? t.saving : t.save}
              </Button>
            ) : null}
          </form>
        </CardContent>
      </Card>
      {ws.can_manage && ws.status === 'active' ? (
        <Card className="border-destructive/40">
          <CardHeader>
            <CardTitle className="text-base">{t.danger}</CardTitle>
            <CardDescription className="break-keep">{t.dangerHint}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="outline" className="border-destructive/50 text-destructive hover:bg-destructive/10" onClick={() => setConfirming(true)}>
              {t.disconnect}
            </Button>
          </CardContent>
        </Card>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t.disconnectConfirmTitle}
        message={t.disconnectConfirm(ws.team_name)}
        confirmLabel={t.disconnect}
        destructive
        busy={disconnect.isPending}
        onOpenChange={setConfirming}
        onConfirm={() => {
          disconnect.mutate(undefined, {
            onSuccess: (r) => {
              setConfirming(false);
              toast.success(r.message);
            },
            onError: (err) => toast.error(err.message),
          });
        }}
      />
    </div>
  );
}
