import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { ko } from '@suite/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/** A console address that is not one of its routes (the server answered it with 404 too). */
export function ConsoleNotFound() {
  const t = ko.consoleUi.titles.notFound;
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-16 text-center">
        <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-lg font-semibold">{t.title}</h2>
        <p className="max-w-md text-sm text-muted-foreground break-keep">{t.description}</p>
        <Button asChild>
          <Link to="/admin">{ko.consoleUi.nav.dashboard}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
