import { performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';

/** How often the server looks whether it went idle with a grown heap. */
const CHECK_MS = 5_000;
/** Below this share of the last check's time spent running JavaScript the server counts as idle (long polls wait). */
const IDLE_UTILIZATION = 0.05;
/**
 * Heap growth since the last collection worth a full one: less is V8's ordinary slack. Under load V8 grows the
 * heap (the young generation to its 32 MB, old space by tens of MB) and gives pages back only in a later major
 * collection, which an idle process never runs: a server back to idle would keep its peak for good.
 */
const GROWTH_BYTES = 16 * 1024 * 1024;

export interface IdleCollectorParts {
  /** A full collection (Node's `gc` with `--expose-gc`). */
  collect: () => void;
  /** The heap's committed bytes. */
  heapBytes: () => number;
  /** The share of time since the previous call the event loop was busy (0–1). */
  utilization: () => number;
}

/** Decides, on each check, whether to run one full collection: only when idle and the heap grew since the last. */
export class IdleCollector {
  private baseline: number;
  collections = 0;

  constructor(private readonly parts: IdleCollectorParts) {
    this.baseline = parts.heapBytes();
  }

  check(): boolean {
    const busy = this.parts.utilization() >= IDLE_UTILIZATION;
    const heap = this.parts.heapBytes();
    // A heap V8 shrank by itself is the new floor.
    this.baseline = Math.min(this.baseline, heap);
    if (busy || heap - this.baseline < GROWTH_BYTES) return false;
    this.parts.collect();
    this.collections++;
    this.baseline = this.parts.heapBytes();
    return true;
  }
}

let running: IdleCollector | undefined;

/** How many idle collections this process ran (the health endpoint reports it); undefined when they are off. */
export const idleCollections = (): number | undefined => running?.collections;

/**
 * Gives memory taken under load back once the server is idle again: a full collection lets V8 unmap the heap pages
 * it grew. Needs `--expose-gc` (`npm run serve` gives it); without it, nothing is done.
 */
export function collectWhenIdle(lifetime: AbortSignal): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc || running) return;
  let last = performance.eventLoopUtilization();
  const collector = new IdleCollector({
    collect: gc,
    heapBytes: () => getHeapStatistics().total_heap_size,
    utilization: () => {
      const now = performance.eventLoopUtilization();
      const share = performance.eventLoopUtilization(now, last).utilization;
      last = now;
      return share;
    },
  });
  running = collector;
  const timer = setInterval(() => collector.check(), CHECK_MS);
  timer.unref();
  lifetime.addEventListener('abort', () => {
    clearInterval(timer);
    if (running === collector) running = undefined;
  });
}
