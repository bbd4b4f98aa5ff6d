import { Loader2 } from 'lucide-react';
import { ko, type TConsents, type TConsentsPatch } from '@suite/shared';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast, toastError } from '@/lib/toast';
import { useConsents } from '../api/get-consents';
import { useSaveConsents } from '../api/save-consents';
import { koDateTime } from '../lib/format';
import { SectionCard } from './section-card';

const t = ko.privacy.settingsUi.consents;
type TState = TConsents['data'][number];
const REQUIRED = ['terms', 'privacy', 'age14'] as const;

const changed = (c: TState | undefined) => (c?.at ? t.changedAt(koDateTime(c.at)) : t.never);

function Optional({
  kind,
  state,
  disabled,
  help,
  busy,
  onChange,
}: {
  kind: 'marketing' | 'marketingNight';
  state: TState | undefined;
  disabled: boolean;
  help: string;
  busy: boolean;
  onChange: (granted: boolean) => void;
}) {
  const id = `consent-${kind}`;
  return (
    <li className="flex items-start gap-3">
      <Checkbox
        id={id}
        className="mt-0.5"
        checked={state?.granted ?? false}
        disabled={disabled}
        aria-describedby={`${id}-help`}
        onCheckedChange={(c) => onChange(c === true)}
      />
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor={id} className="font-medium break-keep">
            {t.kinds[kind]}
          </Label>
          <Badge variant="outline">{t.optional}</Badge>
          {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
        </div>
        <div id={`${id}-help`} className="grid gap-0.5 text-xs text-muted-foreground break-keep">
          <p>{help}</p>
          <p>{changed(state)}</p>
        </div>
      </div>
    </li>
  );
}

export function ConsentsSection() {
  const consents = useConsents();
  const save = useSaveConsents();
  const byKind = new Map(consents.data?.data.map((c) => [c.kind, c]));
  const marketing = byKind.get('marketing');
  const onChange = async (patch: TConsentsPatch, granted: boolean) => {
    try {
      await save.mutateAsync(patch);
      toast.success(t.saved(granted));
    } catch (e) {
      toastError(e, ko.errors.internal);
    }
  };
  const busyKind = save.isPending ? Object.keys(save.variables ?? {})[0] : undefined;
  return (
    <SectionCard id="privacy-consents" title={t.title} description={t.description}>
      {consents.isPending ? <Skeleton className="h-32 w-full" /> : null}
      <ErrorAlert message={consents.error?.message} error={consents.error} />
      {consents.data ? (
        <>
          <ul className="grid gap-4">
            <Optional
              kind="marketing"
              state={marketing}
              disabled={save.isPending}
              help={t.marketingHelp}
              busy={busyKind === 'marketing'}
              onChange={(g) => onChange({ marketing: g }, g)}
            />
            <Optional
              kind="marketingNight"
              state={byKind.get('marketingNight')}
              disabled={save.isPending || !marketing?.granted}
              help={marketing?.granted ? t.nightHelp : `${t.nightHelp} ${t.nightNeedsMarketing}`}
              busy={busyKind === 'marketingNight'}
              onChange={(g) => onChange({ marketingNight: g }, g)}
            />
          </ul>
          <div className="grid gap-2 border-t pt-4">
            <ul className="grid gap-2" aria-label={t.required}>
              {REQUIRED.map((kind) => {
                const c = byKind.get(kind);
                return (
                  <li key={kind} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="font-medium break-keep">{t.kinds[kind]}</span>
                    <Badge variant="secondary">{t.required}</Badge>
                    <span className="text-muted-foreground">
                      {c?.granted ? t.granted : t.notGranted}
                      {c?.at ? ` · ${koDateTime(c.at)}` : ''}
                    </span>
                  </li>
                );
              })}
            </ul>
            <p className="text-xs text-muted-foreground break-keep">{t.requiredNote}</p>
          </div>
        </>
      ) : null}
    </SectionCard>
  );
}
