import { DropdownMenu } from 'radix-ui';
import { MoreHorizontal } from 'lucide-react';
import { ko } from '@suite/shared';
import type { TAdminUser } from '@suite/shared/schemas/admin';

const t = ko.consoleUi.users;
export type TRowAction = 'edit' | 'activate' | 'suspend' | 'deactivate' | 'delete' | 'endSessions';

const itemClass =
  'flex cursor-default select-none items-center rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-accent data-[disabled]:opacity-50';

export function UserRowActions({ user, onAction }: { user: TAdminUser; onAction: (a: TRowAction, u: TAdminUser) => void }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="inline-flex size-8 items-center justify-center rounded-md hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={`${user.email} ${t.actions}`}
      >
        <MoreHorizontal className="size-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-36 rounded-md border bg-popover p-1 text-popover-foreground shadow-md">
          <DropdownMenu.Item className={itemClass} onSelect={() => onAction('edit', user)}>
            {t.edit}
          </DropdownMenu.Item>
          {user.status !== 'active' ? (
            <DropdownMenu.Item className={itemClass} onSelect={() => onAction('activate', user)}>
              {t.activate}
            </DropdownMenu.Item>
          ) : null}
          {user.status !== 'suspended' ? (
            <DropdownMenu.Item className={itemClass} onSelect={() => onAction('suspend', user)}>
              {t.suspend}
            </DropdownMenu.Item>
          ) : null}
          {user.status === 'active' ? (
            <DropdownMenu.Item className={itemClass} onSelect={() => onAction('deactivate', user)}>
              {t.deactivate}
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Item className={itemClass} onSelect={() => onAction('endSessions', user)}>
            {t.endSessions}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={`${itemClass} text-destructive`} onSelect={() => onAction('delete', user)}>
            {t.delete}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
