import { ko, type TDomainStatus } from '@suite/shared';
import { Badge } from '@/components/ui/badge';

const t = ko.domains.ui;
const variant = { pending: 'amber', connected: 'success', error: 'destructive' } as const;

/** 확인 중 (amber), 연결됨 (green) or 오류 (red). */
export function DomainStatusBadge({ status }: { status: TDomainStatus }) {
  return (
    <Badge variant={variant[status]} data-testid="domain-status">
      {t.status[status]}
    </Badge>
  );
}
