import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ko } from '@suite/shared';
import type { TChatbot } from '@suite/shared/schemas/chatbot';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useDeleteBot } from '../api/delete-bot';
import { useUpdateBot } from '../api/update-bot';
import { ZSettingsForm } from '../lib/bot-form';
import { ErrorText } from './error-text';
import { LabelledField } from './labelled-field';
import { SaveFooter } from './save-footer';

const c = ko.chatbot.console;

/** Editing a bot (name, greeting, colour, allowed origins) and deleting it; members see the settings read-only. */
export function BotSettings({ seedId, bot, canManage, onDeleted }: { seedId: string; bot: TChatbot; canManage: boolean; onDeleted: () => void }) {
  const update = useUpdateBot(seedId);
  const remove = useDeleteBot(seedId);
  const [confirming, setConfirming] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<z.input<typeof ZSettingsForm>, unknown, z.output<typeof ZSettingsForm>>({
    resolver: zodResolver(ZSettingsForm),
    defaultValues: { name: bot.name, greeting: bot.greeting, brandColor: bot.brandColor, allowedOrigins: bot.allowedOrigins.join(', ') },
  });
  const err = formState.errors;
  const save = handleSubmit((patch) => {
    setSaved(null);
    update.mutate({ botId: bot.id, patch }, { onSuccess: (r) => setSaved(r.message) });
  });
  return (
    <div className="space-y-6">
      {!canManage && <p className="text-sm text-muted-foreground break-keep">{c.readOnly}</p>}
      <form onSubmit={save} noValidate className="space-y-3" aria-label={c.settingsTitle}>
        <fieldset disabled={!canManage} className="grid gap-3 sm:grid-cols-2">
          <LabelledField id="chatbot-edit-name" label={c.name} help={c.nameHelp} error={err.name?.message}>
            <Input maxLength={60} {...register('name')} />
          </LabelledField>
          <LabelledField id="chatbot-edit-color" label={c.brandColor} help={c.brandColorHelp} error={err.brandColor?.message}>
            <Input maxLength={7} {...register('brandColor')} />
          </LabelledField>
          <div className="sm:col-span-2">
            <LabelledField id="chatbot-edit-greeting" label={c.greeting} help={c.greetingHelp} error={err.greeting?.message}>
              <Textarea rows={2} maxLength={300} {...register('greeting')} />
            </LabelledField>
          </div>
          <div className="sm:col-span-2">
            <LabelledField id="chatbot-edit-origins" label={c.origins} help={c.originsHelp} error={err.allowedOrigins?.message}>
              <Input {...register('allowedOrigins')} />
            </LabelledField>
          </div>
        </fieldset>
        <SaveFooter canManage={canManage} pending={update.isPending} saved={saved} error={update.error} />
      </form>
      {canManage && (
        <div className="space-y-2 border-t pt-4">
          <Button type="button" variant="destructive" onClick={() => setConfirming(true)}>
            {c.deleteBot}
          </Button>
          <ErrorText error={remove.error} />
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={c.deleteBotTitle(bot.name)}
            description={c.deleteBotBody}
            confirmLabel={c.delete}
            destructive
            pending={remove.isPending}
            onConfirm={() =>
              remove.mutate(bot.id, {
                onSuccess: () => (setConfirming(false), onDeleted()),
                onError: () => setConfirming(false),
              })
            }
          />
        </div>
      )}
    </div>
  );
}
