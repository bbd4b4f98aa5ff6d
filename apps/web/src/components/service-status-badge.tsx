import type { TCatalogueStatus } from '@suite/shared/catalogue';
import { koCatalogue } from '@suite/shared/messages/ko-catalogue';
import { CATALOGUE_BADGE_VARIANT } from '@/components/catalogue-status';
import { Badge } from '@/components/ui/badge';

/** A service's status from the one catalogue (packages/shared/src/catalogue.ts), the same words and colours everywhere. */
export function CatalogueBadge({ status, className }: { status: TCatalogueStatus; className?: string }) {
  return (
    <Badge variant={CATALOGUE_BADGE_VARIANT[status]} className={className}>
      {koCatalogue.status[status]}
    </Badge>
  );
}
