import { ko } from '@suite/shared';
import { ApiError } from '@/lib/api';

/** A request's error: the server's Korean message, or the generic one when the answer was not ours. */
export function ErrorText({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-destructive break-keep">
      {error instanceof ApiError ? error.message : ko.errors.internal}
    </p>
  );
}
