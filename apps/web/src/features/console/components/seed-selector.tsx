import { useState } from 'react';
import { Link } from 'react-router';
import { Select } from 'radix-ui';
import { Check, ChevronDown, Loader2, Plus, Settings2 } from 'lucide-react';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { useSeeds } from '@/lib/seed-context';
import { CreateSeedDialog } from '@/features/console/components/create-seed-dialog';

const t = ko.consoleUi.seed;
const CREATE = '__create__';

/** The workspace (seed) picker with every state of the spec: loading, empty, no selection, selection. */
export function SeedSelector() {
  const { seeds, isLoading, selected, select } = useSeeds();
  const [creating, setCreating] = useState(false);

  if (isLoading) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" /> {t.loading}
      </p>
    );
  }
  if (seeds.length === 0) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm text-muted-foreground">{t.empty}</p>
        <Button size="sm" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" /> {t.create}
        </Button>
        <CreateSeedDialog open={creating} onOpenChange={setCreating} />
      </div>
    );
  }
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <Select.Root
        value={selected?.id ?? ''}
        onValueChange={(v) => {
          if (v === CREATE) setCreating(true);
          else select(seeds.find((s) => s.id === v) ?? null);
        }}
      >
        <Select.Trigger
          aria-label={t.placeholder}
          className="inline-flex h-9 min-w-40 max-w-64 items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="truncate">
            <Select.Value placeholder={t.placeholder} />
          </span>
          <Select.Icon>
            <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
          </Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content
            position="popper"
            sideOffset={4}
            className="z-50 min-w-(--radix-select-trigger-width) overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-md"
          >
            <Select.Viewport className="p-1">
              <Select.Group>
                <Select.Label className="px-2 py-1.5 text-xs font-medium text-muted-foreground">{t.groupLabel}</Select.Label>
                {seeds.map((s) => (
                  <Select.Item
                    key={s.id}
                    value={s.id}
                    className="relative flex cursor-default select-none items-center rounded-sm py-1.5 pl-7 pr-2 text-sm outline-none data-[highlighted]:bg-accent"
                  >
                    <Select.ItemIndicator className="absolute left-2">
                      <Check className="size-4" aria-hidden="true" />
                    </Select.ItemIndicator>
                    <Select.ItemText>{s.seed_name}</Select.ItemText>
                    <span className="ml-auto pl-3 text-xs text-muted-foreground">{t.roles[s.role]}</span>
                  </Select.Item>
                ))}
              </Select.Group>
              <Select.Separator className="my-1 h-px bg-border" />
              <Select.Item
                value={CREATE}
                className="flex cursor-default select-none items-center gap-2 rounded-sm py-1.5 pl-7 pr-2 text-sm text-primary outline-none data-[highlighted]:bg-accent"
              >
                <Select.ItemText>{t.create}</Select.ItemText>
              </Select.Item>
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
      {selected ? (
        <Button asChild variant="ghost" size="sm">
          <Link to="/admin/seeds">
            <Settings2 aria-hidden="true" /> {t.manage}
          </Link>
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">{t.chooseHint(seeds.length)}</p>
      )}
      <CreateSeedDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
