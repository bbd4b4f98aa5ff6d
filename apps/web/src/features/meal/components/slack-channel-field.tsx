import type { UseFormRegisterReturn } from 'react-hook-form';
import { koMealFairness } from '@suite/shared/messages/ko-meal-fairness';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSlackChannels } from '../api/get-slack-channels';

const t = koMealFairness.ui;

/**
 * Issue 38: the channel a game round posts its commitment in, shown only when the seed has a connected Slack
 * workspace. The channels chosen in the Slack console are offered (the first is used when the field is left empty);
 * any channel the bot is in may be typed (#name or its id).
 */
export function SlackChannelField({ seedId, field, error }: { seedId: string; field: UseFormRegisterReturn<'slackChannel'>; error?: string | undefined }) {
  const channels = useSlackChannels(seedId);
  const data = channels.data;
  if (!data?.connected) return null;
  return (
    <div className="grid gap-1.5 sm:col-span-2">
      <Label htmlFor="meal-slack-channel">{t.slackChannel}</Label>
      <Input id="meal-slack-channel" list="meal-slack-channels" placeholder={data.defaultChannel ?? t.slackChannelPlaceholder} autoComplete="off" {...field} />
      <datalist id="meal-slack-channels">
        {data.channels.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <p className="text-xs text-muted-foreground break-keep">{t.slackChannelHelp(data.defaultChannel)}</p>
      <FieldError message={error} />
    </div>
  );
}
