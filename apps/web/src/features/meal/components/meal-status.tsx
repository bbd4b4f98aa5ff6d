import { ko } from '@suite/shared';
import type { TMeal } from '@suite/shared/schemas/meal';
import { Badge } from '@/components/ui/badge';

const t = ko.meal.ui;

export function MealStatusBadge({ status }: { status: TMeal['status'] }) {
  const variant = status === 'open' ? 'success' : status === 'drawn' ? 'new' : 'muted';
  return <Badge variant={variant}>{t.status[status]}</Badge>;
}

export const NoSeed = () => <p className="text-sm text-muted-foreground">{t.noSeed}</p>;
