import { useCallback, useEffect, useRef, useState } from 'react';

export interface Remote<T> {
  data: T | undefined;
  loading: boolean;
  /** Loads again with the same inputs (after an action, or on a poll tick). */
  reload(): void;
}

/**
 * The answer of one read the screen's sections make outside Refine's resources (runs, reports, a terminal's detail).
 * `load` runs again when `deps` change; `undefined` from `enabled: false` means "nothing to load" (no terminal picked).
 * A reload keeps showing the previous answer until the next one arrives, so a poll does not flicker.
 */
export function useRemote<T>(load: () => Promise<T>, deps: readonly unknown[], enabled = true): Remote<T> {
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(false);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (!enabled) {
      setData(undefined);
      return;
    }
    let current = true;
    setLoading(true);
    loadRef
      .current()
      .then((answer) => current && setData(answer))
      // The http layer already showed the failure; the section keeps its last answer.
      .catch(() => undefined)
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [enabled, tick, ...deps]);

  const reload = useCallback(() => setTick((value) => value + 1), []);
  return { data, loading, reload };
}

/** Calls `tick` every `ms` while `active`. */
export function useInterval(tick: () => void, ms: number, active: boolean) {
  const tickRef = useRef(tick);
  tickRef.current = tick;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => tickRef.current(), ms);
    return () => clearInterval(timer);
  }, [ms, active]);
}
