import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { toast, toastError } from '@/lib/toast';
import { ko, ZSlackSettings, type TSlackWorkspace } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDisconnectSlack } from '../api/disconnect-workspace';
import { useUpdateSlackSettings } from '../api/update-settings';
import { FieldError } from '@/components/ui/field-error';

const t = ko.slack.ui.settings;

/** A list of channel IDs typed as one text (comma or space separated); an invalid ID is reported on that text. */
const channelList = z.string().transform((text, ctx) => {
  const r = ZSlackSettings.shape.channels.safeParse(text.split(/[\s,]+/).filter(Boolean));
  r.error?.issues.forEach((i) => ctx.addIssue({ code: 'custom', message: i.message }));
  return r.success ? r.data : z.NEVER;
});

/** The shared settings, with the channel lists typed as text. */
const ZSettingsForm = ZSlackSettings.extend({ channels: channelList, excluded_channels: channelList });

/** Channels, answer language and tone, mirror retention, token budget; disconnect. Managers only may change. */
export function SettingsTab({ ws }: { ws: TSlackWorkspace }) {
  const s = ws.settings;
  const [confirming, setConfirming] = useState(false);
  const save = useUpdateSlackSettings(ws.id);
  const disconnect = useDisconnectSlack(ws.id);
  const readOnly = !ws.can_manage || ws.status !== 'active';
  const { register, handleSubmit, formState, setError } = useForm<z.input<typeof ZSettingsForm>, unknown, z.output<typeof ZSettingsForm>>({
    resolver: zodResolver(ZSettingsForm),
    defaultValues: { ...s, channels: s.channels.join(', '), excluded_channels: s.excluded_channels.join(', ') },
  });
  const err = formState.errors;
  const onSubmit = handleSubmit(async (v) => {
    try {
      const r = await save.mutateAsync(v);
      toast.success(r.message);
    } catch (e) {
      setError('root', { message: (e as Error).message });
    }
  });

  return (
    <div className="grid gap-4">
      <Card>
        <CardContent className="p-5">
          <form className="grid gap-4" onSubmit={onSubmit} noValidate>
            {!ws.can_manage ? <p className="text-sm text-muted-foreground">{t.managersOnly}</p> : null}
            <div className="grid gap-1.5">
              <Label htmlFor="slack-channels">{t.channels}</Label>
              <Textarea
                id="slack-channels"
                disabled={readOnly}
                rows={2}
                placeholder="C0123ABCD, C0456EFGH"
                aria-invalid={err.channels ? true : undefined}
                {...register('channels')}
              />
              <p className="text-xs text-muted-foreground break-keep">{t.channelsHint}</p>
              <FieldError message={err.channels?.message} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="slack-excluded-channels">{t.excludedChannels}</Label>
              <Textarea
                id="slack-excluded-channels"
                disabled={readOnly}
                rows={2}
                placeholder="C0789IJKL"
                aria-invalid={err.excluded_channels ? true : undefined}
                aria-describedby="slack-excluded-channels-hint"
                {...register('excluded_channels')}
              />
              <p id="slack-excluded-channels-hint" className="text-xs text-muted-foreground break-keep">
                {t.excludedChannelsHint} {t.conversationsNote}
              </p>
              <FieldError message={err.excluded_channels?.message} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-1.5">
                <Label htmlFor="slack-language">{t.language}</Label>
                <NativeSelect id="slack-language" disabled={readOnly} {...register('language')}>
                  {(['ko', 'en', 'auto'] as const).map((v) => (
                    <option key={v} value={v}>
                      {t.languages[v]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="slack-tone">{t.tone}</Label>
                <NativeSelect id="slack-tone" disabled={readOnly} {...register('tone')}>
                  {(['polite', 'friendly', 'concise'] as const).map((v) => (
                    <option key={v} value={v}>
                      {t.tones[v]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="slack-retention">{t.retention}</Label>
                <Input
                  id="slack-retention"
                  inputMode="numeric"
                  disabled={readOnly}
                  aria-invalid={err.retention_days ? true : undefined}
                  {...register('retention_days')}
                />
                <p className="text-xs text-muted-foreground break-keep">{t.retentionHint}</p>
                <FieldError message={err.retention_days?.message} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="slack-budget">{t.budget}</Label>
                <Input
                  id="slack-budget"
                  inputMode="numeric"
                  disabled={readOnly}
                  aria-invalid={err.monthly_token_budget ? true : undefined}
                  {...register('monthly_token_budget')}
                />
                <p className="text-xs text-muted-foreground break-keep">
                  {t.budgetHint} {t.usedThisMonth(ws.tokens_this_month.toLocaleString('ko-KR'))}
                </p>
                <FieldError message={err.monthly_token_budget?.message} />
              </div>
            </div>
            <FieldError message={err.root?.message} />
            {!readOnly ? (
              <Button type="submit" className="w-fit" disabled={formState.isSubmitting}>
                {formState.isSubmitting ? t.saving : t.save}
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
            onError: (err) => toastError(err),
          });
        }}
      />
    </div>
  );
}
