import { useEffect, useState } from 'react';
import { ko } from '@suite/shared';

const t = ko.meal.ui;
const COLORS = ['#f97316', '#0ea5e9', '#22c55e', '#a855f7', '#eab308', '#ec4899', '#14b8a6', '#6366f1', '#ef4444', '#84cc16'];

type TProps = { names: string[]; payerIndex: number; reducedMotion: boolean; onFinished?: () => void };

/** Roulette: the wheel stops with the (first) drawn payer under the pointer. With reduced motion it is shown stopped. */
export function RouletteGame({ names, payerIndex, reducedMotion, onFinished }: TProps) {
  const n = names.length;
  const seg = 360 / n;
  const target = 360 * 6 + (360 - (payerIndex + 0.5) * seg);
  const [angle, setAngle] = useState(reducedMotion ? target : 0);

  // Remounted (key) for every spin: starts at 0, turns on the next frames; reduced motion starts stopped on the result.
  useEffect(() => {
    if (reducedMotion) {
      onFinished?.();
      return;
    }
    const raf = requestAnimationFrame(() => requestAnimationFrame(() => setAngle(target)));
    const done = setTimeout(() => onFinished?.(), 3300);
    return () => {
      cancelAnimationFrame(raf);
      clearTimeout(done);
    };
  }, [reducedMotion, target]); // eslint-disable-line react-hooks/exhaustive-deps

  const r = 100;
  const wedge = (i: number) => {
    const a0 = ((i * seg - 90) * Math.PI) / 180;
    const a1 = (((i + 1) * seg - 90) * Math.PI) / 180;
    const large = seg > 180 ? 1 : 0;
    return n === 1
      ? `M 0 -${r} A ${r} ${r} 0 1 1 -0.01 -${r} Z`
      : `M 0 0 L ${r * Math.cos(a0)} ${r * Math.sin(a0)} A ${r} ${r} 0 ${large} 1 ${r * Math.cos(a1)} ${r * Math.sin(a1)} Z`;
  };
  return (
    <svg data-testid="roulette" role="img" aria-label={t.roulette} viewBox="-110 -122 220 234" className="mx-auto block w-full max-w-xs">
      <g style={{ transform: `rotate(${angle}deg)`, transition: reducedMotion || angle === 0 ? 'none' : 'transform 3.2s cubic-bezier(0.15, 0.85, 0.25, 1)' }}>
        {names.map((name, i) => {
          const mid = ((i + 0.5) * seg - 90) * (Math.PI / 180);
          return (
            <g key={i}>
              <path d={wedge(i)} fill={COLORS[i % COLORS.length]} stroke="white" strokeWidth={1.5} />
              <text
                x={62 * Math.cos(mid)}
                y={62 * Math.sin(mid)}
                textAnchor="middle"
                dominantBaseline="middle"
                fill="white"
                className="text-[11px] font-semibold"
              >
                {name.length > 4 ? `${name.slice(0, 4)}…` : name}
              </text>
            </g>
          );
        })}
      </g>
      <polygon points="-9,-121 9,-121 0,-100" className="fill-foreground" />
    </svg>
  );
}
