import type { ReactNode } from 'react';
import { Label } from '@/components/ui/label';

/** Label, control and its Korean error message, tied together for assistive technology. */
export function FormField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive break-keep" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
