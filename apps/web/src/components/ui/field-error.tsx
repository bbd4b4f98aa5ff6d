/** A field's Korean error under it (or a form's error under the form), announced to screen readers when it appears. */
export function FieldError({ message }: { message?: string | undefined }) {
  return message ? (
    <p role="alert" className="text-sm text-destructive break-keep">
      {message}
    </p>
  ) : null;
}
