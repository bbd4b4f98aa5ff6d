import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { ErrorText } from './error-text';

const c = ko.chatbot.console;

/** A settings form's end: the save button (managers only), the saved notice and the request's error. */
export function SaveFooter({ canManage, pending, saved, error }: { canManage: boolean; pending: boolean; saved: string | null | undefined; error: unknown }) {
  return (
    <>
      {canManage && (
        <Button type="submit" disabled={pending}>
          {c.save}
        </Button>
      )}
      {saved && (
        <p role="status" className="text-sm text-muted-foreground">
          {saved}
        </p>
      )}
      <ErrorText error={error} />
    </>
  );
}
