import type { ServerServices } from './context';

/**
 * Runs `work` every `everyMs` in this process until the server closes: one run at a time (a slow run is not stacked),
 * a failure logged once until a run succeeds again, and the server's close waits for a run under way so it never
 * meets a closed database.
 */
export function startTicker(services: ServerServices, name: string, everyMs: number, work: () => Promise<unknown>): void {
  let ticking = false;
  let failing = false;
  const timer = setInterval(() => {
    if (ticking) return;
    ticking = true;
    const tick = work()
      .then(() => {
        failing = false;
      })
      .catch((error: unknown) => {
        if (!failing) console.error(`[${name}] tick failed:`, error);
        failing = true;
      })
      .finally(() => {
        ticking = false;
      });
    services.inBackground?.(tick);
  }, everyMs);
  timer.unref();
  services.lifetime?.addEventListener('abort', () => clearInterval(timer));
}
