import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** A card with an icon in a tinted square (`tone`: its background and colour), a title and a description. */
export function IconCard({ icon, tone, title, description }: { icon: React.ReactNode; tone: string; title: string; description: string }) {
  return (
    <Card className="h-full">
      <CardHeader>
        <span className={`flex size-10 items-center justify-center rounded-md ${tone}`}>{icon}</span>
        <CardTitle className="mt-2 text-lg">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
    </Card>
  );
}
