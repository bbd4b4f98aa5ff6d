import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** One section of the privacy screen: a card whose heading names it (for the page's outline and screen readers). */
export function SectionCard({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Card aria-labelledby={id} className="min-w-0">
      <CardHeader>
        <CardTitle id={id} className="text-lg break-keep">
          {title}
        </CardTitle>
        {description ? <CardDescription className="break-keep">{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4 text-sm">{children}</CardContent>
    </Card>
  );
}
