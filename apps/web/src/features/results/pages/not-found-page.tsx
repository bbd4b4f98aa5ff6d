import { SearchX } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { koSite } from '@suite/shared/messages/ko-site';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useSeo } from '@/lib/seo';
import { ResultCard } from '../components/result-card';

const t = koSite.notFound;

/** Unknown routes. */
export function NotFoundPage() {
  const navigate = useNavigate();
  useSeo({ title: koSite.meta.notFound.title, description: koSite.meta.notFound.description, noindex: true });
  return (
    <ResultCard>
      <SearchX className="mx-auto size-14 text-muted-foreground" aria-hidden="true" />
      <Badge variant="outline" className="mt-4 font-mono">
        {t.code}
      </Badge>
      <h1 className="mt-3 text-2xl font-bold tracking-tight break-keep">{t.title}</h1>
      <p className="mt-2 text-muted-foreground break-keep">{t.description}</p>
      <div className="mt-8 flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">
        <Button variant="outline" onClick={() => navigate(-1)}>
          {t.back}
        </Button>
        <Button asChild>
          <Link to="/">{t.home}</Link>
        </Button>
      </div>
    </ResultCard>
  );
}
