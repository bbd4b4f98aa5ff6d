import { Alert, AlertDescription } from '@/components/ui/alert';

/** A form's error in a destructive alert; nothing when there is none. */
export function ErrorAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <Alert variant="destructive">
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  ) : null;
}
