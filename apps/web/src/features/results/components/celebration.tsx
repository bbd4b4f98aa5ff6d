import { useEffect, useState } from 'react';
import { PartyPopper, Sparkles } from 'lucide-react';

const SPARKS = [
  'left-[8%] top-[12%] text-amber-400',
  'right-[10%] top-[8%] text-pink-400',
  'left-[16%] bottom-[22%] text-sky-400',
  'right-[14%] bottom-[30%] text-violet-400',
  'left-[30%] top-[4%] text-emerald-400',
  'right-[4%] top-1/2 text-amber-400',
];

/**
 * The 3 s celebration: a party popper (drawn as an icon, so it shows even where no emoji font is installed),
 * with sparkles when `sparkles` (signup, payment, verify).
 */
export function Celebration({ sparkles }: { sparkles: boolean }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), 3000);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div className="pointer-events-none absolute inset-0 overflow-hidden rounded-xl" aria-hidden="true" data-testid="celebration">
      <PartyPopper className="absolute left-1/2 top-3 size-8 -translate-x-1/2 text-amber-500 motion-safe:animate-bounce" />
      {sparkles ? SPARKS.map((pos) => <Sparkles key={pos} data-testid="sparkle" className={`absolute size-5 motion-safe:animate-pulse ${pos}`} />) : null}
    </div>
  );
}
