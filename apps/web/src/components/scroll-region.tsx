import { CardContent } from '@/components/ui/card';

const FOCUS = 'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

type TScrollRegionProps = { label: string; className: string; tableClassName: string; children: React.ReactNode };

/** A wide table in a named region that scrolls sideways and takes keyboard focus (so it can be scrolled without a mouse). */
export function ScrollRegion({ label, className, tableClassName, children }: TScrollRegionProps) {
  return (
    <div className={`overflow-x-auto ${className} ${FOCUS}`} tabIndex={0} role="region" aria-label={label}>
      <table className={tableClassName}>{children}</table>
    </div>
  );
}

/** The same as a card's content (`className` is its padding). */
export function CardScrollRegion({ label, className, tableClassName, children }: TScrollRegionProps) {
  return (
    <CardContent tabIndex={0} role="region" aria-label={label} className={`overflow-x-auto ${FOCUS} ${className}`}>
      <table className={tableClassName}>{children}</table>
    </CardContent>
  );
}
