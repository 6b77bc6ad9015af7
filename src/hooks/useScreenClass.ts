import { useSyncExternalStore } from 'react';

/** Spec §9 screen width classes: ≥1200 is 3, ≥992 is 2, ≥768 is 1, else 0. */
export type ScreenClass = 0 | 1 | 2 | 3;

export function screenClassOf(width: number): ScreenClass {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The window's current screen class, updated on resize. */
export function useScreenClass(): ScreenClass {
  return useSyncExternalStore(subscribe, () => screenClassOf(window.innerWidth));
}
