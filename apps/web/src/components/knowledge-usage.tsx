import { useId } from 'react';
import { ko } from '@suite/shared';
import type { TKnowledgeAttachInput, TKnowledgeUsage } from '@suite/shared/schemas/chatbot';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

const u = ko.chatbot.usage;

type TProps = {
  usage: TKnowledgeUsage;
  sourceId: string;
  /** The console showing the list: the control offers the other service. */
  service: 'chatbot' | 'slack';
  canManage: boolean;
  busy?: boolean;
  onChange: (input: TKnowledgeAttachInput) => void;
};

/**
 * Where one knowledge source is used, and — for the seed's owner and admins — a control to use it in the other
 * service too. What it shows is the server's answer (the usage query), never a local guess.
 */
export function KnowledgeUsage({ usage, sourceId, service, canManage, busy, onChange }: TProps) {
  const id = useId();
  const source = usage.sources.find((s) => s.id === sourceId);
  if (!source) return null;
  const bot = usage.chatbots.find((b) => b.id === source.chatbotId);
  const places = [bot ? `${u.chatbot}(${bot.name})` : null, source.slack ? u.slack : null].filter(Boolean).join(' · ');
  return (
    <div className="mt-1 grid gap-1 text-xs">
      <p className="text-muted-foreground break-keep">
        {u.label}: {places || '—'}
      </p>
      {canManage && service === 'chatbot' ? (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
          <Checkbox
            id={id}
            checked={source.slack}
            disabled={busy || (!usage.slack && !source.slack)}
            onCheckedChange={(v) => onChange({ slack: v === true })}
          />
          <Label htmlFor={id} className={`text-xs font-normal whitespace-nowrap ${!usage.slack && !source.slack ? 'text-muted-foreground' : ''}`}>
            {u.alsoSlack}
          </Label>
          {!usage.slack && !source.slack ? <span className="text-muted-foreground break-keep">({u.noSlack})</span> : null}
        </div>
      ) : null}
      {canManage && service === 'slack' && usage.chatbots.length ? (
        <div className="flex items-center gap-2">
          <Label htmlFor={id} className="shrink-0 text-xs font-normal break-keep">
            {u.alsoChatbot}
          </Label>
          <NativeSelect
            id={id}
            className="h-8 py-1 text-xs md:text-xs"
            value={source.chatbotId ?? ''}
            disabled={busy}
            onChange={(e) => onChange({ chatbotId: e.target.value || null })}
          >
            <option value="">{u.noChatbot}</option>
            {usage.chatbots.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
    </div>
  );
}
