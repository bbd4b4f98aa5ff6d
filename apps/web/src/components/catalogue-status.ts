import type { TCatalogueStatus } from '@suite/shared/catalogue';
import { badgeVariants } from '@/components/ui/badge-variants';

/** The badge colour of each catalogue status (CatalogueBadge, and the landing page's badges). */
export const CATALOGUE_BADGE_VARIANT = { active: 'success', beta: 'default', development: 'amber', planned: 'muted' } as const;

/** CatalogueBadge's classes without a className of the caller's: no tailwind-merge needed (the landing page). */
export function catalogueBadgeClass(status: TCatalogueStatus): string {
  return badgeVariants({ variant: CATALOGUE_BADGE_VARIANT[status] });
}
