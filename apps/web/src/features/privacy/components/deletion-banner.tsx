import { Link } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { ko } from '@suite/shared';
import { BusyButton } from '@/components/busy-button';
import { toast, toastError } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useCancelDeletion } from '../api/cancel-deletion';
import { useDeletion } from '../api/get-deletion';
import { koDate } from '../lib/format';

const t = ko.privacy.settingsUi.banner;

/**
 * Shown while the account's deletion is pending (GET /api/me/deletion): the date and 삭제 취소. On /settings/privacy
 * at the top; on /dashboard too (with a link to the privacy screen), since that is where a sign-in lands.
 */
export function DeletionBanner({ withLink = false, className }: { withLink?: boolean; className?: string }) {
  const deletion = useDeletion();
  const cancel = useCancelDeletion();
  const deleteAt = deletion.data?.deleteAt;
  if (!deleteAt) return null;
  const onCancel = async () => {
    try {
      await cancel.mutateAsync();
      toast.success(t.cancelled);
    } catch (e) {
      toastError(e, ko.errors.internal);
    }
  };
  return (
    <section
      aria-label={ko.privacy.settingsUi.deletion.title}
      data-testid="deletion-banner"
      className={cn(
        'flex flex-wrap items-center gap-3 rounded-lg border border-destructive/50 bg-destructive/5 p-4 text-sm dark:border-destructive',
        className,
      )}
    >
      <TriangleAlert className="size-5 shrink-0 text-destructive" aria-hidden="true" />
      <div className="grid min-w-0 flex-1 basis-56 gap-1">
        <p className="font-semibold break-keep">{t.text(koDate(deleteAt))}</p>
        <p className="text-muted-foreground break-keep">{t.help}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {withLink ? (
          <Link to="/settings/privacy" className="inline-flex h-10 items-center px-2 font-medium underline underline-offset-4">
            {t.manage}
          </Link>
        ) : null}
        <BusyButton variant="outline" onClick={onCancel} disabled={cancel.isPending} busy={cancel.isPending}>
          {cancel.isPending ? t.cancelling : t.cancel}
        </BusyButton>
      </div>
    </section>
  );
}
