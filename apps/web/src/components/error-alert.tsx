import { Alert, AlertDescription } from '@/components/ui/alert';
import { HelpLink, helpUrlOf } from '@/components/help-link';

/**
 * A form's error in a destructive alert; nothing when there is none. Given the `error` (an ApiError), its message is
 * shown unless `message` says otherwise, with '도움말 보기' when the server named an article for it.
 */
export function ErrorAlert({ message, error, helpUrl }: { message?: string | null | undefined; error?: unknown; helpUrl?: string }) {
  const text = message ?? (error instanceof Error ? error.message : null);
  const link = helpUrl ?? helpUrlOf(error);
  return text ? (
    <Alert variant="destructive">
      <AlertDescription>
        {text}
        {link ? (
          <>
            {' '}
            <HelpLink href={link} />
          </>
        ) : null}
      </AlertDescription>
    </Alert>
  ) : null;
}
