import type { TCatalogueStatus } from '@suite/shared/catalogue';
import { koCatalogue } from '@suite/shared/messages/ko-catalogue';
import { Badge } from '@/components/ui/badge';

const VARIANT = { active: 'success', beta: 'default', development: 'amber', planned: 'muted' } as const;

/** A service's status from the one catalogue (packages/shared/src/catalogue.ts), the same words and colours everywhere. */
export function CatalogueBadge({ status, className }: { status: TCatalogueStatus; className?: string }) {
  return (
    <Badge variant={VARIANT[status]} className={className}>
      {koCatalogue.status[status]}
    </Badge>
  );
}
