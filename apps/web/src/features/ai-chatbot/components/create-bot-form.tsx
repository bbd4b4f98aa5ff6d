import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCreateBot } from '../api/create-bot';
import { ZCreateForm } from '../lib/bot-form';
import { ErrorText } from './error-text';
import { LabelledField } from './labelled-field';

const c = ko.chatbot.console;

/** A new bot: its name and the sites it may appear on, each with a label and a short help text. */
export function CreateBotForm({ seedId, onCreated }: { seedId: string; onCreated: (id: string) => void }) {
  const createBot = useCreateBot(seedId);
  const { register, handleSubmit, formState, reset } = useForm<z.input<typeof ZCreateForm>, unknown, z.output<typeof ZCreateForm>>({
    resolver: zodResolver(ZCreateForm),
    defaultValues: { name: '', allowedOrigins: '' },
  });
  const err = formState.errors;
  const create = handleSubmit((v) => createBot.mutate(v, { onSuccess: (r) => (onCreated(r.id), reset()) }));
  return (
    <form onSubmit={create} noValidate className="space-y-3" aria-label={c.create}>
      <div className="grid gap-3 sm:grid-cols-2">
        <LabelledField id="chatbot-new-name" label={c.name} help={c.nameHelp} error={err.name?.message}>
          <Input placeholder="하루마켓 상담봇" required maxLength={60} {...register('name')} />
        </LabelledField>
        <LabelledField id="chatbot-new-origins" label={c.origins} help={c.originsHelp} error={err.allowedOrigins?.message}>
          <Input placeholder="https://shop.example" {...register('allowedOrigins')} />
        </LabelledField>
      </div>
      <Button type="submit" disabled={createBot.isPending}>
        {c.create}
      </Button>
      <ErrorText error={createBot.error} />
    </form>
  );
}
