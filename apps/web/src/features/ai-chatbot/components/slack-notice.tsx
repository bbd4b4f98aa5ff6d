import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ko } from '@suite/shared';
import { ZUpdateChatbotInput, type TChatbot } from '@suite/shared/schemas/chatbot';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FieldError } from '@/components/ui/field-error';
import { useKnowledgeUsage } from '@/lib/knowledge-usage';
import { useUpdateBot } from '../api/update-bot';
import { ErrorText } from './error-text';

const c = ko.chatbot.console;
const ZSlackChannelForm = ZUpdateChatbotInput.pick({ slackChannelId: true });

/**
 * The Slack channel told of hand-offs (the seed's connected workspace; decision 026). The server keeps only the
 * channel's id (it does not read channel names from Slack), so the saved id is shown with how to find it in Slack.
 */
export function SlackNotice({ seedId, bot, canManage }: { seedId: string; bot: TChatbot; canManage: boolean }) {
  const usage = useKnowledgeUsage(seedId);
  const update = useUpdateBot(seedId);
  const { register, handleSubmit, formState } = useForm<z.input<typeof ZSlackChannelForm>, unknown, z.output<typeof ZSlackChannelForm>>({
    resolver: zodResolver(ZSlackChannelForm),
    defaultValues: { slackChannelId: bot.slackChannelId ?? '' },
  });
  const error = formState.errors.slackChannelId?.message;
  const save = handleSubmit((patch) => update.mutate({ botId: bot.id, patch }));
  return (
    <form onSubmit={save} noValidate className="space-y-2">
      <Label htmlFor="chatbot-slack-channel">{c.slackChannel}</Label>
      <p id="chatbot-slack-help" className="text-xs text-muted-foreground break-keep">
        {usage.data?.slack ? c.slackChannelHint(usage.data.slack.teamName) : c.slackNotConnected}
      </p>
      {bot.slackChannelId && <p className="text-xs break-keep">{c.slackChannelCurrent(bot.slackChannelId)}</p>}
      <div className="flex gap-2">
        <Input
          id="chatbot-slack-channel"
          aria-describedby="chatbot-slack-help"
          placeholder="C0123ABCD"
          disabled={!canManage}
          maxLength={40}
          aria-invalid={error ? true : undefined}
          {...register('slackChannelId')}
        />
        {canManage && (
          <Button type="submit" size="sm" disabled={update.isPending}>
            {c.save}
          </Button>
        )}
      </div>
      <FieldError message={error} />
      <ErrorText error={update.error} />
    </form>
  );
}
