import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Scrolls smoothly to the top on every path change (instantly when the user prefers reduced motion). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, left: 0, behavior: reduce ? 'auto' : 'smooth' });
  }, [pathname]);
  return null;
}
