import type { ReactElement } from 'react';
import { cloneElement } from 'react';
import { Label } from '@/components/ui/label';
import { FieldError } from '@/components/ui/field-error';

/** A form field with its visible label, a short help text (aria-describedby) and its error under it. */
export function LabelledField({
  id,
  label,
  help,
  error,
  children,
}: {
  id: string;
  label: string;
  help?: string;
  error?: string | undefined;
  children: ReactElement<Record<string, unknown>>;
}) {
  const helpId = help ? `${id}-help` : undefined;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {cloneElement(children, { id, 'aria-describedby': helpId, 'aria-invalid': error ? true : undefined })}
      {help && (
        <p id={helpId} className="text-xs text-muted-foreground break-keep">
          {help}
        </p>
      )}
      <FieldError message={error} />
    </div>
  );
}
