import { useMediaQuery } from '@/lib/use-media-query';

/** True when the user asked the system for less motion: games then show their end state without animation. */
export const useReducedMotion = () => useMediaQuery('(prefers-reduced-motion: reduce)');
