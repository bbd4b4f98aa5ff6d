/** A field's Korean error under it (or the server's under the form), announced when it appears. */
export function FieldError({ error }: { error?: { message?: string | undefined } | undefined }) {
  if (!error?.message) return null;
  return (
    <p role="alert" className="text-sm text-destructive">
      {error.message}
    </p>
  );
}
