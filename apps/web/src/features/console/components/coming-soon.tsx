import { Hourglass } from 'lucide-react';
import { ko } from '@suite/shared';
import { Card, CardContent } from '@/components/ui/card';

export function ComingSoon({ title }: { title?: string }) {
  const t = ko.consoleUi.comingSoon;
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-16 text-center">
        <Hourglass className="size-10 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-lg font-semibold">{title ? `${title} — ${t.title}` : t.title}</h2>
        <p className="max-w-md text-sm text-muted-foreground break-keep">{t.body}</p>
      </CardContent>
    </Card>
  );
}
