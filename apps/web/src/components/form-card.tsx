import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

type TFormCardProps = {
  title: string;
  onSubmit: React.FormEventHandler<HTMLFormElement>;
  /** The save button is shown only to those who may save. */
  canSave: boolean;
  saving: boolean;
  saveLabel: string;
  children: React.ReactNode;
};

/** A titled card holding one narrow settings form that ends with its save button. */
export function FormCard({ title, onSubmit, canSave, saving, saveLabel, children }: TFormCardProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="grid gap-3 sm:max-w-md">
          {children}
          {canSave ? (
            <Button type="submit" className="justify-self-start" disabled={saving}>
              {saveLabel}
            </Button>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
